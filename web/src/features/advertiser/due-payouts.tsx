/**
 * Paying a month's affiliates in minutes (issue 19): every requested payout, with its amount, method,
 * frozen destination and risk rating; choose many, export them for the bank (Wise's batch template, PayPal
 * Payouts, or a CSV of everything), and record them as paid in one action, each exactly once. What was
 * skipped (suspended, paid meanwhile, a new request since) is listed with the reason.
 */
import { useMemo, useState } from "react";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import { genericColumns, genericRows, paypalRows, wiseColumns, wiseRows, type ExportRow } from "@domain/payout-batch";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { saveFile } from "../../lib/api";
import { csvBlob, toCsv } from "../../lib/csv";
import { payBatch, type PayoutBatch } from "./advertiser-api";
import type { AffiliateView } from "./affiliate-view";
import { DisclosurePanel } from "./disclosure-panel";
import styles from "./advertiser.module.css";

/** The files a payment provider takes: Wise's batch template, PayPal Payouts' (no header), everything. */
const exports = [
  { label: "Wise batch CSV", file: "wise-batch", header: wiseColumns, lines: wiseRows },
  { label: "PayPal Payouts CSV", file: "paypal-payouts", header: null, lines: paypalRows },
  { label: "CSV", file: "payouts", header: genericColumns, lines: genericRows },
];

const nameOf = ({ row }: AffiliateView) => row.name || row.email || row.user_id;

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

export function DuePayouts({
  user,
  views,
  onRecorded,
}: {
  user: User;
  views: readonly AffiliateView[];
  /** After a batch: the summary is fetched again. */
  onRecorded(): void;
}) {
  const due = useMemo(() => views.filter((view) => view.row.payout_pending), [views]);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [recording, setRecording] = useState(false);
  const [result, setResult] = useState<PayoutBatch | { error: string } | null>(null);

  const selected = due.filter((view) => chosen.has(view.row.user_id));
  const total = selected.reduce((sum, view) => sum + rowCents(view.row.pending_payout ?? 0), 0);
  const rows = selected.map(exportRow);
  const day = new Date().toISOString().slice(0, 10);
  const download = (name: string, header: readonly string[] | null, lines: string[][]) =>
    saveFile({ blob: csvBlob(toCsv(header, lines)), fileName: `${name}-${day}.csv` });

  function toggle(uid: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(uid);
      else next.delete(uid);
      return next;
    });
  }

  async function record() {
    setConfirming(false);
    setRecording(true);
    try {
      setResult(
        await payBatch(
          user,
          selected.map((view) => view.row.user_id),
        ),
      );
      setChosen(new Set());
    } catch (error) {
      setResult({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setRecording(false);
      onRecorded();
    }
  }

  return (
    <DisclosurePanel
      id="due-payouts"
      heading="Due payouts"
      lead={
        <p className="muted">
          {due.length === 0
            ? "No payout is waiting to be paid."
            : `${due.length.toLocaleString("en-US")} requested payout${due.length === 1 ? "" : "s"} waiting to be paid: choose them, export them for your bank, and record them as paid in one go.`}
        </p>
      }
      open={open}
      onToggle={() => setOpen(!open)}
      tall
    >
      {result ? <BatchResult result={result} views={views} /> : null}
      {due.length === 0 ? null : (
        <>
          <div className={styles["due-toolbar"]}>
            <label className={styles["advertiser-filter"]}>
              <input
                type="checkbox"
                checked={selected.length === due.length}
                onChange={(changed) =>
                  setChosen(changed.target.checked ? new Set(due.map((view) => view.row.user_id)) : new Set())
                }
              />
              All {due.length.toLocaleString("en-US")}
            </label>
            <span className="muted" role="status">
              {selected.length.toLocaleString("en-US")} chosen · {formatDollars(total)}
            </span>
            <Button
              size="small"
              disabled={selected.length === 0 || recording}
              aria-busy={recording}
              onClick={() => setConfirming(true)}
            >
              {recording ? "Recording…" : `Record ${selected.length.toLocaleString("en-US")} as paid`}
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
          <div className={styles["integration-log"]} tabIndex={0} role="region" aria-label="Payouts due">
            <table className={styles["advertiser-table"]}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Chosen</span>
                  </th>
                  <th scope="col">Affiliate</th>
                  <th scope="col" className={styles.number}>
                    Amount
                  </th>
                  <th scope="col">Method</th>
                  <th scope="col">Pay to</th>
                  <th scope="col">Rating</th>
                </tr>
              </thead>
              <tbody>
                {due.map((view) => (
                  <tr key={view.row.user_id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Choose ${nameOf(view)}`}
                        checked={chosen.has(view.row.user_id)}
                        onChange={(changed) => toggle(view.row.user_id, changed.target.checked)}
                      />
                    </td>
                    <td>
                      {nameOf(view)}
                      <span className={styles["outcome-reason"]}>{view.row.latest_invoice?.invoice_number}</span>
                    </td>
                    <td className={styles.number}>{formatDollars(rowCents(view.row.pending_payout ?? 0))}</td>
                    <td>{view.row.pending_destination?.method ?? view.row.payout_method}</td>
                    <td className={styles["due-destination"]}>
                      {(view.row.pending_destination?.fields ?? []).map(([label, value]) => (
                        <span key={label}>
                          {label}: <code>{value}</code>
                        </span>
                      ))}
                    </td>
                    <td>{view.rating.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Dialog
        open={confirming}
        title="Record these payouts?"
        onClose={() => setConfirming(false)}
        closeLabel="Cancel"
        actions={<Button onClick={() => void record()}>Record as paid</Button>}
      >
        <p>
          Record {selected.length.toLocaleString("en-US")} payout{selected.length === 1 ? "" : "s"} (
          {formatDollars(total)}) as paid? Do it once your bank has sent them: each affiliate is e-mailed that their
          payout was sent.
        </p>
      </Dialog>
    </DisclosurePanel>
  );
}

function BatchResult({ result, views }: { result: PayoutBatch | { error: string }; views: readonly AffiliateView[] }) {
  if ("error" in result) {
    return (
      <p className="message message-error" role="alert">
        The batch stopped: {result.error} Record the same payouts again to finish it: none is paid twice.
      </p>
    );
  }
  const paid = result.items.filter((item) => item.status === "paid");
  const skipped = result.items.filter((item) => item.status !== "paid");
  const name = (uid: string) => {
    const view = views.find((candidate) => candidate.row.user_id === uid);
    return view ? nameOf(view) : uid;
  };
  return (
    <div role="status" className={styles["batch-result"]}>
      <p>
        Recorded {paid.length.toLocaleString("en-US")} payout{paid.length === 1 ? "" : "s"} as paid (
        {formatDollars(paid.reduce((sum, item) => sum + item.amount_cents, 0))}).
        {skipped.length > 0 ? ` Skipped ${skipped.length.toLocaleString("en-US")}:` : ""}
      </p>
      {skipped.length > 0 ? (
        <ul>
          {skipped.map((item) => (
            <li key={item.user_id}>
              {name(item.user_id)}: {item.reason ?? "not recorded yet; record it again."}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
