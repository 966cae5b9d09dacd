/**
 * Paying a month's affiliates in minutes (issue 19): every requested payout (and, below, every affiliate
 * who could be paid without asking: ready-payouts.tsx), with its amount, method,
 * frozen destination and risk rating; choose many, export them for the bank (Wise's batch template, PayPal
 * Payouts, or a CSV of everything), and record them as paid in one action, each exactly once. What was
 * skipped (suspended, paid meanwhile, a new request since) is listed with the reason.
 */
import { formatCount, formatCountOf } from "@domain/numbers";
import { useMemo, useState } from "react";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import { genericColumns, genericRows, paypalRows, wiseColumns, wiseRows, type ExportRow } from "@domain/payout-batch";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Message } from "../../components/ui/message";
import { Loading } from "../../components/loading";
import { saveFile } from "../../lib/api";
import { csvBlob, toCsv } from "../../lib/csv";
import { payBatch, type PayoutBatch } from "./advertiser-api";
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
import { DisclosurePanel } from "./disclosure-panel";
import { ReadyPayouts } from "./ready-payouts";
import { useAnyReady, usePayoutLists } from "./use-advertiser";
import styles from "./advertiser.module.css";

/** The files a payment provider takes: Wise's batch template, PayPal Payouts' (no header), everything. */
const exports = [
  { label: "Wise batch CSV", file: "wise-batch", header: wiseColumns, lines: wiseRows },
  { label: "PayPal Payouts CSV", file: "paypal-payouts", header: null, lines: paypalRows },
  { label: "CSV", file: "payouts", header: genericColumns, lines: genericRows },
];

/** A pending payout as the exports take it (its destination as frozen on its invoice). */
function exportRow(view: AffiliateView): ExportRow {
  const { row } = view;
  return {
    invoice_number: row.latest_invoice?.invoice_number ?? "",
    name: row.name || row.company || row.email,
    email: row.email,
    amount_cents: rowCents(row.pending_payout ?? 0),
    method: row.pending_destination?.method ?? row.payout_method,
    destination: row.pending_destination?.fields ?? [],
  };
}

/** Nothing to choose from until the lists have come. */
const noViews: readonly AffiliateView[] = [];

export function DuePayouts({
  user,
  pendingCount,
  onRecorded,
}: {
  user: User;
  /** The programme's payouts pending, as counted with the list's first page; undefined while counting. */
  pendingCount: number | undefined;
  /** After a batch: the summary is fetched again. */
  onRecorded(): void;
}) {
  const [open, setOpen] = useState(false);
  // The lists are fetched once the panel is opened; until then the lead says what the counts say.
  const lists = usePayoutLists(user, open);
  const anyReady = useAnyReady(user);
  const views = lists ?? noViews;
  const due = useMemo(() => views.filter((view) => view.row.payout_pending), [views]);
  const ready = useMemo(() => views.filter((view) => view.row.payout_ready).length, [views]);
  const dueCount = lists ? due.length : pendingCount;
  const batch = useBulkAction<PayoutBatch>(due, (userIds) => payBatch(user, userIds), onRecorded);
  const { selected } = batch;
  const total = selected.reduce((sum, view) => sum + rowCents(view.row.pending_payout ?? 0), 0);
  const rows = selected.map(exportRow);
  const day = new Date().toISOString().slice(0, 10);
  const download = (name: string, header: readonly string[] | null, lines: string[][]) =>
    saveFile({ blob: csvBlob(toCsv(header, lines)), fileName: `${name}-${day}.csv` });

  return (
    <DisclosurePanel
      id="due-payouts"
      heading="Due payouts"
      lead={
        <p className="muted">
          {dueCount === undefined
            ? "Counting the payouts due…"
            : dueCount === 0
              ? "No payout is waiting to be paid."
              : `${formatCount(dueCount)} requested payout${dueCount === 1 ? "" : "s"} waiting to be paid: choose them, export them for your bank, and record them as paid in one go.`}
          {lists && ready > 0
            ? ` ${formatCount(ready)} more affiliate${ready === 1 ? " could" : "s could"} be paid without having asked.`
            : !lists && anyReady
              ? " Some affiliates could be paid without having asked."
              : ""}
        </p>
      }
      open={open}
      onToggle={() => setOpen(!open)}
      tall
    >
      {lists ? null : <Loading label="Loading the payouts…" />}
      {batch.result ? <BatchResult result={batch.result} views={views} /> : null}
      {due.length === 0 ? null : (
        <>
          <div className={styles["due-toolbar"]}>
            <ChooseAll count={due.length} all={selected.length === due.length} onChange={batch.chooseAll} />
            <span className="muted" role="status">
              {formatCount(selected.length)} chosen · {formatDollars(total)}
            </span>
            <Button
              size="small"
              disabled={selected.length === 0 || batch.busy}
              aria-busy={batch.busy}
              onClick={() => batch.setConfirming(true)}
            >
              {batch.busy ? "Recording…" : `Record ${formatCount(selected.length)} as paid`}
            </Button>
            {exports.map(({ label, file, header, lines }) => (
              <Button
                key={file}
                size="small"
                variant="ghost"
                disabled={rows.length === 0}
                onClick={() => download(file, header, lines(rows))}
              >
                {label}
              </Button>
            ))}
          </div>
          <p className="muted">
            The Wise and PayPal files hold the Wise payouts (paid to an e-mail); the CSV holds every payout with its
            destination in full.
          </p>
          <ChoiceTable
            label="Payouts due"
            views={due}
            choice={batch}
            chooseLabel={(name) => `Choose ${name}`}
            columns={[
              {
                header: "Affiliate",
                cell: (view) => (
                  <>
                    {nameOf(view)}
                    <span className={styles["outcome-reason"]}>{view.row.latest_invoice?.invoice_number}</span>
                  </>
                ),
              },
              {
                header: "Amount",
                number: true,
                cell: (view) => formatDollars(rowCents(view.row.pending_payout ?? 0)),
              },
              { header: "Method", cell: (view) => view.row.pending_destination?.method ?? view.row.payout_method },
              payToColumn((view) => <Destination destination={view.row.pending_destination} />),
            ]}
          />
        </>
      )}
      {lists ? <ReadyPayouts user={user} views={views} onIssued={onRecorded} /> : null}
      <Dialog
        open={batch.confirming}
        title="Record these payouts?"
        onClose={() => batch.setConfirming(false)}
        closeLabel="Cancel"
        actions={<Button onClick={() => void batch.start()}>Record as paid</Button>}
      >
        <p>
          Record {formatCountOf(selected.length, "payout", "payouts")} ({formatDollars(total)}) as paid? Do it once your
          bank has sent them: each affiliate is e-mailed that their payout was sent.
        </p>
      </Dialog>
    </DisclosurePanel>
  );
}

function BatchResult({ result, views }: { result: Outcome<PayoutBatch>; views: readonly AffiliateView[] }) {
  if ("error" in result) {
    return (
      <Message tone="error">
        The batch stopped: {result.error} Record the same payouts again to finish it: none is paid twice.
      </Message>
    );
  }
  const paid = result.items.filter((item) => item.status === "paid");
  return (
    <BulkOutcome
      summary={`Recorded ${formatCountOf(paid.length, "payout", "payouts")} as paid (${formatDollars(paid.reduce((sum, item) => sum + item.amount_cents, 0))}).`}
      skipped={result.items.filter((item) => item.status !== "paid")}
      views={views}
    />
  );
}
