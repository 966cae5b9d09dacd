/**
 * Affiliates who could be paid though they have not asked (issue 19): a payable balance of at least the
 * minimum payout, complete details, nothing pending, no payout within the days between payouts and not
 * suspended (the server judges it by the programme's settings: the row's payout_ready). Staff issue their
 * payouts (each as the affiliate's own request would, with its destination frozen on the invoice, and the
 * affiliate e-mailed), and they join the payouts due above, to export and record with the rest.
 */
import { formatCount, formatCountOf } from "@domain/numbers";
import { useMemo } from "react";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { issuePayouts, type IssuedPayout } from "./advertiser-api";
import type { AffiliateView } from "./affiliate-view";
import {
  BulkOutcome,
  ChoiceTable,
  ChooseAll,
  Destination,
  nameOf,
  payToColumn,
  useBulkAction,
  type Outcome,
} from "./bulk-action";
import styles from "./advertiser.module.css";

export function ReadyPayouts({
  user,
  views,
  onIssued,
}: {
  user: User;
  views: readonly AffiliateView[];
  /** After issuing: the summary is fetched again (the issued payouts are now due). */
  onIssued(): void;
}) {
  const ready = useMemo(() => views.filter((view) => view.row.payout_ready), [views]);
  const issuing = useBulkAction(ready, async (userIds) => (await issuePayouts(user, userIds)).items, onIssued);
  const { selected } = issuing;
  const total = selected.reduce((sum, view) => sum + rowCents(view.row.payable), 0);

  return (
    <section className={styles["ready-payouts"]} aria-labelledby="ready-payouts-heading">
      <h3 id="ready-payouts-heading">Ready to pay, not requested</h3>
      {issuing.result ? <IssueResult result={issuing.result} views={views} /> : null}
      {ready.length === 0 ? (
        <p className="muted">No other affiliate can be paid now.</p>
      ) : (
        <>
          <p className="muted">
            {formatCount(ready.length)} affiliate{ready.length === 1 ? " has" : "s have"} the minimum payout or more
            available and complete details but no payout requested. Issue their payouts to pay them with the rest: each
            is e-mailed its invoice.
          </p>
          <div className={styles["due-toolbar"]}>
            <ChooseAll count={ready.length} all={selected.length === ready.length} onChange={issuing.chooseAll} />
            <span className="muted">
              {formatCount(selected.length)} chosen · {formatDollars(total)}
            </span>
            <Button
              size="small"
              disabled={selected.length === 0 || issuing.busy}
              aria-busy={issuing.busy}
              onClick={() => issuing.setConfirming(true)}
            >
              {issuing.busy ? "Issuing…" : `Issue ${formatCountOf(selected.length, "payout", "payouts")}`}
            </Button>
          </div>
          <ChoiceTable
            label="Ready to pay"
            views={ready}
            choice={issuing}
            chooseLabel={(name) => `Choose ${name} to issue`}
            columns={[
              { header: "Affiliate", cell: nameOf },
              { header: "Available", number: true, cell: (view) => formatDollars(rowCents(view.row.payable)) },
              { header: "In hold", number: true, cell: (view) => formatDollars(rowCents(view.row.held)) },
              payToColumn((view) => (
                <Destination
                  destination={view.row.ready_destination}
                  method={view.row.ready_destination?.method ?? view.row.payout_method}
                />
              )),
            ]}
          />
        </>
      )}
      <Dialog
        open={issuing.confirming}
        title="Issue these payouts?"
        onClose={() => issuing.setConfirming(false)}
        closeLabel="Cancel"
        actions={<Button onClick={() => void issuing.start()}>Issue payouts</Button>}
      >
        <p>
          Issue {formatCountOf(selected.length, "payout", "payouts")} ({formatDollars(total)})? Each affiliate gets an
          invoice for their available balance, paid to the details they have saved, and an e-mail saying so. They then
          wait among the payouts due until you record them paid.
        </p>
      </Dialog>
    </section>
  );
}

function IssueResult({ result, views }: { result: Outcome<IssuedPayout[]>; views: readonly AffiliateView[] }) {
  if ("error" in result) {
    return <Message tone="error">Issuing stopped: {result.error} Issue the rest again: none is issued twice.</Message>;
  }
  const issued = result.filter((item) => item.status === "issued");
  const amount = formatDollars(issued.reduce((sum, item) => sum + rowCents(item.amount ?? 0), 0));
  return (
    <BulkOutcome
      summary={`Issued ${formatCountOf(issued.length, "payout", "payouts")} (${amount}): they are now among the payouts due.`}
      skipped={result.filter((item) => item.status === "skipped")}
      views={views}
    />
  );
}
