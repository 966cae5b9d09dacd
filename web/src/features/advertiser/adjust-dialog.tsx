/**
 * Adjusting an affiliate's balance by hand (issue 34): staff give the amount (negative takes back), the
 * advertiser it is for and the reason, which the affiliate sees beside the entry in their transactions. The
 * dialog makes one idempotency key when it opens, so a double-click (or a retry after a lost answer) credits once.
 */
import { useState } from "react";
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import { advertiserIds, advertisers, defaultAdvertiserId, type AdvertiserId } from "@domain/advertisers";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { adjustBalance } from "./advertiser-api";
import { money } from "./affiliate-card";
import { ReasonField } from "./suspension-dialog";
import styles from "./advertiser.module.css";

/** Whose balance is adjusted: a row of the list. */
export type AdjustTarget = Pick<SummaryRow, "user_id" | "name" | "email" | "required_payout">;

export interface AdjustDialogProps {
  user: User;
  affiliate: AdjustTarget;
  onClose(): void;
  /** After the adjustment is made: the list is fetched again. */
  onAdjusted(): void;
}

/** A signed amount of dollars as typed: "-12.50", "25", "+3". */
const amountPattern = /^[+-]?\d+(\.\d{1,2})?$/;

export function AdjustDialog({ user, affiliate, onClose, onAdjusted }: AdjustDialogProps) {
  const [amount, setAmount] = useState("");
  const [advertiser, setAdvertiser] = useState<AdvertiserId>(defaultAdvertiserId);
  const [reason, setReason] = useState("");
  const [key] = useState(() => crypto.randomUUID());
  const saving = useAction();
  const name = affiliate.name || affiliate.email || affiliate.user_id;
  const typed = amount.trim().replace(/^\+/, "");

  function confirm() {
    if (!amountPattern.test(typed) || Number(typed) === 0) {
      return saving.say({ tone: "error", text: "Enter an amount of dollars other than 0, like 25 or -12.50." });
    }
    if (reason.trim() === "") return saving.say({ tone: "error", text: "Say why: the affiliate sees it." });
    void saving.run(async () => {
      await adjustBalance(user, {
        user_id: affiliate.user_id,
        advertiser,
        amount: typed,
        reason: reason.trim(),
        idempotency_key: key,
      });
      onAdjusted();
      onClose();
    });
  }

  return (
    <Dialog
      open
      title={`Adjust ${name}'s balance`}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <Button onClick={confirm} disabled={saving.busy} aria-busy={saving.busy}>
          {saving.busy ? "Adjusting…" : "Adjust balance"}
        </Button>
      }
    >
      <p>
        Their balance is {money(affiliate.required_payout)}. A positive amount adds to their earnings, a negative one
        takes back (never below what is already paid). They see the entry and its reason in their transactions.
      </p>
      <label className={styles["suspension-reason"]}>
        <span>Amount in dollars (negative takes back)</span>
        <input
          inputMode="decimal"
          value={amount}
          placeholder="25.00"
          aria-invalid={saving.message !== null && !amountPattern.test(typed)}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label className={styles["suspension-reason"]}>
        <span>Advertiser</span>
        <select value={advertiser} onChange={(event) => setAdvertiser(event.target.value as AdvertiserId)}>
          {advertiserIds.map((id) => (
            <option key={id} value={id}>
              {advertisers[id].name}
            </option>
          ))}
        </select>
      </label>
      <ReasonField
        label="Reason (shown to the affiliate, kept in the audit)"
        value={reason}
        onChange={setReason}
        refused={saving.message !== null}
      />
      {saving.message ? <Message tone={saving.message.tone}>{saving.message.text}</Message> : null}
    </Dialog>
  );
}
