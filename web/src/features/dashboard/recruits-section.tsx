/**
 * Your Recruits (issue 34, docs/recruits.md): the affiliate's recruit link with Copy, what the programme pays
 * for a recruit (each advertiser's share in force, from the public settings), and each recruit's earnings for them under an alias ("Recruit 3"), never who the recruit is.
 * An affiliate who joined through someone's link is told only that. The list comes from the API (the
 * recruits' lines are server-only), again whenever the affiliate's earnings move (a share arriving).
 */
import { useEffect, useRef, useState } from "react";
import type { User } from "firebase/auth";
import type { ApiAnswer } from "../../lib/api";
import type { AffiliateDoc } from "@domain/model";
import { advertiserIds, advertisers, type AdvertiserId } from "@domain/advertisers";
import { formatCountOf, formatRatePercent } from "@domain/numbers";
import type { ProgrammeSettings } from "@domain/programme-settings";
import { CopyButton } from "../../components/ui/copy-button";
import { Message } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { formatDay } from "../../lib/dates";
import { useProgrammeSettings } from "../../lib/programme-settings";
import { recruitLink } from "../../lib/recruit-link";
import { fetchRecruits } from "./dashboard-api";
import styles from "./dashboard.module.css";

type Recruits = ApiAnswer<"GET", "/api/recruits">;

/**
 * What the programme pays for a recruit, from each advertiser's settings in force (the share is set per
 * advertiser): one sentence when they agree, each advertiser's otherwise; nothing when none pays.
 */
function shareSentence(settings: Record<AdvertiserId, Pick<ProgrammeSettings, "recruit_share">>): string {
  const paying = advertiserIds
    .map((id) => ({ id, share: settings[id].recruit_share }))
    .filter(({ share }) => share.rate > 0 && share.months > 0);
  if (paying.length === 0) return ".";
  const first = paying[0]!.share;
  const months = (count: number) => formatCountOf(count, "month", "months");
  if (
    paying.length === advertiserIds.length &&
    paying.every(({ share }) => share.rate === first.rate && share.months === first.months)
  ) {
    return `: you earn ${formatRatePercent(first.rate)} of their commissions for ${months(first.months)} from their sign-up.`;
  }
  const parts = paying.map(
    ({ id, share }) =>
      `${formatRatePercent(share.rate)} of their ${advertisers[id].name} commissions for ${months(share.months)}`,
  );
  return `: you earn ${parts.join(", ")}, from their sign-up.`;
}
type RecruitRow = Recruits["recruits"][number];

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

const columns: Column<RecruitRow>[] = [
  { header: "Recruit", rowHeader: true, cell: (row) => (row.level === 1 ? row.alias : `${row.alias} (via a recruit)`) },
  { header: "Joined", cell: (row) => formatDay(new Date(row.since)) },
  { header: "Sales", number: true, cell: (row) => row.sales },
  { header: "Earned for you", number: true, cell: (row) => dollars(row.earned) },
];

export function RecruitsSection({
  user,
  affiliate,
  readOnly,
}: {
  user: User;
  affiliate: AffiliateDoc;
  readOnly: boolean;
}) {
  const [recruits, setRecruits] = useState<Recruits | "loading" | "error">("loading");
  const shown = useRef<HTMLElement>(null);
  const url = recruitLink(window.location.origin, affiliate.uid);
  // Staff looking at an affiliate's dashboard see the link and the relation; the list is the affiliate's own.
  useEffect(() => {
    if (readOnly) return;
    let live = true;
    fetchRecruits(user).then(
      (answer) => live && setRecruits(answer),
      () => live && setRecruits("error"),
    );
    return () => {
      live = false;
    };
  }, [user, readOnly, affiliate.recruits_count, affiliate.total_earnings_cents, affiliate.total_refunded_cents]);
  const shares = useProgrammeSettings();

  return (
    <section aria-labelledby="recruits" className={styles["dashboard-section"]}>
      <h2 id="recruits">Your Recruits</h2>
      {affiliate.recruited_by ? <p>You joined through a partner&apos;s invitation.</p> : null}
      <p>Invite other affiliates with your recruit link{shareSentence(shares)}</p>
      <p className={styles["default-link"]}>
        <span className={styles["advertiser-bar-label"]}>Recruit link</span>
        <code ref={shown} className={styles["default-link-url"]} title={url}>
          {url}
        </code>
        <CopyButton
          value={url}
          label="Copy your recruit link"
          from={() => shown.current}
          refusalClassName={styles["default-link-refused"]}
        />
      </p>
      {readOnly ? null : recruits === "loading" ? (
        <p className="muted">Loading your recruits…</p>
      ) : recruits === "error" ? (
        <Message tone="error" announce={false}>
          Your recruits could not be loaded.
        </Message>
      ) : recruits.recruits.length === 0 ? (
        <p className="muted">No recruits yet: affiliates who sign up through your link appear here, by number.</p>
      ) : (
        <>
          <p>
            {recruits.count === 1 ? "1 recruit" : `${recruits.count} recruits`}, {dollars(recruits.total_earned)} earned
            for you.
          </p>
          <Table
            caption="What each recruit earned you"
            columns={columns}
            rows={recruits.recruits}
            rowKey={(row) => row.alias}
          />
        </>
      )}
    </section>
  );
}
