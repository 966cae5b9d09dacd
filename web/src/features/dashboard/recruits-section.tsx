/**
 * Your Recruits (issue 34, docs/recruits.md): the affiliate's recruit link with Copy, what the programme pays
 * for a recruit, and each recruit's earnings for them under an alias ("Recruit 3"), never who the recruit is.
 * An affiliate who joined through someone's link is told only that. The list comes from the API (the
 * recruits' lines are server-only), again whenever the affiliate's earnings move (a share arriving).
 */
import { useEffect, useRef, useState } from "react";
import type { User } from "firebase/auth";
import type { ApiAnswer } from "../../lib/api";
import type { AffiliateDoc } from "@domain/model";
import { formatRatePercent } from "@domain/numbers";
import { CopyButton } from "../../components/ui/copy-button";
import { Message } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { formatDay } from "../../lib/dates";
import { recruitLink } from "../../lib/recruit-link";
import { fetchRecruits } from "./dashboard-api";
import styles from "./dashboard.module.css";

type Recruits = ApiAnswer<"GET", "/api/recruits">;
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
  const share = typeof recruits === "object" ? recruits.share : null;

  return (
    <section aria-labelledby="recruits" className={styles["dashboard-section"]}>
      <h2 id="recruits">Your Recruits</h2>
      {affiliate.recruited_by ? <p>You joined through a partner&apos;s invitation.</p> : null}
      <p>
        Invite other affiliates with your recruit link
        {share && share.rate > 0 && share.months > 0
          ? `: you earn ${formatRatePercent(share.rate)} of their commissions for ${share.months} months from their sign-up.`
          : "."}
      </p>
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
