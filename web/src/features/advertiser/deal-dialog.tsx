/**
 * An affiliate's deal (issue 34), from their card: staff set one (a first-sale rate per advertiser, the hold,
 * the minimum payout, an optional end date; blank is the group's), change it, or end it, always with the
 * reason kept in the audit. Sales from now on earn it; sales made before keep the terms they were made under.
 */
import { useState } from "react";
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import { advertiserIds, advertisers, type AdvertiserId } from "@domain/advertisers";
import { formatDollars } from "@domain/money";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { formatDay } from "../../lib/dates";
import { setDeal } from "./advertiser-api";
import { ReasonField } from "./suspension-dialog";
import styles from "./advertiser.module.css";

/** Whose deal it is: a row of the list, with the deal in force now. */
export type DealTarget = Pick<SummaryRow, "user_id" | "name" | "email" | "group" | "deal">;

export interface DealDialogProps {
  user: User;
  affiliate: DealTarget;
  onClose(): void;
  /** After the deal is set or ended: the list is fetched again. */
  onSaved(): void;
}

type DealDeal = NonNullable<SummaryRow["deal"]>;

/** A rate as the form shows it: a percentage ("70"), blank for none. */
const percent = (rate: number | undefined) => (rate === undefined ? "" : String(Math.round(rate * 1000) / 10));

/** The deal in a line, as the card says it: "Promptchan 70%, hold 7 days · until 31 Dec 2026". */
export function dealSummary(deal: DealDeal): string {
  const parts = advertiserIds.flatMap((id) => {
    const rate = deal.terms.rates[id]?.commission_rate;
    return rate === undefined ? [] : [`${advertisers[id].name} ${percent(rate)}%`];
  });
  if (deal.terms.hold_days !== null) parts.push(`hold ${deal.terms.hold_days} days`);
  if (deal.terms.minimum_payout !== null)
    parts.push(`minimum payout ${formatDollars(Math.round(deal.terms.minimum_payout * 100))}`);
  const terms = parts.length > 0 ? parts.join(", ") : "the group's terms";
  return `${terms} · ${deal.ends_at ? `until ${formatDay(deal.ends_at)}` : "no end"}`;
}

const numberPattern = /^\d+(\.\d+)?$/;

export function DealDialog({ user, affiliate, onClose, onSaved }: DealDialogProps) {
  const deal = affiliate.deal;
  const [rates, setRates] = useState<Record<AdvertiserId, string>>(
    () =>
      Object.fromEntries(advertiserIds.map((id) => [id, percent(deal?.terms.rates[id]?.commission_rate)])) as Record<
        AdvertiserId,
        string
      >,
  );
  const [holdDays, setHoldDays] = useState(deal?.terms.hold_days === null || !deal ? "" : String(deal.terms.hold_days));
  const [minimum, setMinimum] = useState(
    deal?.terms.minimum_payout === null || !deal ? "" : String(deal.terms.minimum_payout),
  );
  const [endsOn, setEndsOn] = useState(deal?.ends_at ? deal.ends_at.slice(0, 10) : "");
  const [reason, setReason] = useState("");
  const saving = useAction();
  const name = affiliate.name || affiliate.email || affiliate.user_id;

  function save(ending: boolean) {
    if (reason.trim() === "") return saving.say({ tone: "error", text: "Say why: it is kept in the audit." });
    const typed = [...Object.values(rates), holdDays, minimum].map((text) => text.trim());
    if (typed.some((text) => text !== "" && !numberPattern.test(text))) {
      return saving.say({
        tone: "error",
        text: "Rates, days and the minimum payout are numbers (blank: the group's).",
      });
    }
    const chosenRates = Object.fromEntries(
      advertiserIds.flatMap((id) => {
        const text = rates[id].trim();
        return text === "" ? [] : [[id, { commission_rate: Math.round(Number(text) * 10) / 1000 }]];
      }),
    );
    void saving.run(async () => {
      await setDeal(user, {
        user_id: affiliate.user_id,
        reason: reason.trim(),
        deal: ending
          ? null
          : {
              terms: {
                rates: chosenRates,
                hold_days: holdDays.trim() === "" ? null : Number(holdDays),
                minimum_payout: minimum.trim() === "" ? null : Number(minimum),
              },
              ends_at: endsOn === "" ? null : new Date(`${endsOn}T00:00:00.000Z`).toISOString(),
            },
      });
      onSaved();
      onClose();
    });
  }

  return (
    <Dialog
      open
      title={`${name}'s deal`}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <>
          {deal ? (
            <Button variant="ghost" onClick={() => save(true)} disabled={saving.busy}>
              End deal
            </Button>
          ) : null}
          <Button onClick={() => save(false)} disabled={saving.busy} aria-busy={saving.busy}>
            {saving.busy ? "Saving…" : "Save deal"}
          </Button>
        </>
      }
    >
      <p>
        {deal ? `In force: ${dealSummary(deal)}.` : `No deal: they earn ${affiliate.group.name}'s terms.`} A deal
        overrides their group&apos;s terms from now on; blank fields keep the group&apos;s. Sales made before keep their
        terms.
      </p>
      <div className={styles["deal-fields"]}>
        {advertiserIds.map((id) => (
          <label key={id} className={styles["suspension-reason"]}>
            <span>{advertisers[id].name} first-sale rate (%)</span>
            <input
              inputMode="decimal"
              value={rates[id]}
              onChange={(event) => setRates({ ...rates, [id]: event.target.value })}
            />
          </label>
        ))}
        <label className={styles["suspension-reason"]}>
          <span>Hold (days)</span>
          <input inputMode="numeric" value={holdDays} onChange={(event) => setHoldDays(event.target.value)} />
        </label>
        <label className={styles["suspension-reason"]}>
          <span>Minimum payout ($)</span>
          <input inputMode="decimal" value={minimum} onChange={(event) => setMinimum(event.target.value)} />
        </label>
        <label className={styles["suspension-reason"]}>
          <span>Ends on (optional, UTC)</span>
          <input type="date" value={endsOn} onChange={(event) => setEndsOn(event.target.value)} />
        </label>
      </div>
      <ReasonField
        label="Reason (kept in the audit)"
        value={reason}
        onChange={setReason}
        refused={saving.message !== null}
      />
      {saving.message ? <Message tone={saving.message.tone}>{saving.message.text}</Message> : null}
    </Dialog>
  );
}
