import { useEffect, useRef, useState } from "react";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import type { PayoutRecord } from "@domain/payout-history";
import { fetchPayoutHistory } from "./advertiser-api";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

interface History {
  payouts: PayoutRecord[];
  next: string | null;
  loading: boolean;
}

/**
 * The audit trail (beyond SPEC.md): every recorded payout, newest first, with who recorded it and when.
 * Loaded when opened, a page at a time; `version` changes when a payout is recorded here, to reload it.
 */
export function PayoutHistory({ user, version }: { user: User; version: number }) {
  const [open, setOpen] = useState(false);
  const [history, setHistory] = useState<History>({ payouts: [], next: null, loading: true });

  // Bumped whenever the list starts over, so a "Load more" answer for the list before is dropped.
  const generation = useRef(0);

  useEffect(() => {
    if (!open) return;
    let live = true;
    generation.current += 1;
    void fetchPayoutHistory(user, null)
      .then((page) => live && setHistory({ ...page, loading: false }))
      .catch((error: unknown) => {
        console.error("Loading the payout history failed:", error);
        if (live) setHistory({ payouts: [], next: null, loading: false });
      });
    return () => {
      live = false;
    };
  }, [user, open, version]);

  async function loadMore() {
    if (!history.next || history.loading) return;
    const started = generation.current;
    setHistory((current) => ({ ...current, loading: true }));
    try {
      const page = await fetchPayoutHistory(user, history.next);
      if (generation.current !== started) return;
      setHistory((current) => ({ payouts: [...current.payouts, ...page.payouts], next: page.next, loading: false }));
    } catch (error) {
      console.error("Loading the payout history failed:", error);
      if (generation.current === started) setHistory((current) => ({ ...current, loading: false }));
    }
  }

  return (
    <section className="advertiser-panel payout-history" aria-labelledby="payout-history-heading">
      <div className="advertiser-panel-header">
        <h2 id="payout-history-heading">Payout history</h2>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-expanded={open}
          aria-controls="payout-history-table"
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide" : "View"}
        </button>
      </div>
      {open ? (
        <div id="payout-history-table" className="payout-history-scroll">
          {history.payouts.length === 0 ? (
            <p className="muted">{history.loading ? "Loading…" : "No payouts recorded yet."}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Paid</th>
                  <th scope="col">Affiliate</th>
                  <th scope="col">Invoice</th>
                  <th scope="col">Method</th>
                  <th scope="col" className="number">
                    Amount
                  </th>
                  <th scope="col">Recorded by</th>
                </tr>
              </thead>
              <tbody>
                {history.payouts.map((payout) => (
                  <tr key={payout.invoice_number}>
                    <td>{timeFormat.format(new Date(payout.paid_at))}</td>
                    <td>
                      {payout.name || payout.company || "—"}
                      <span className="affiliate-card-id">{payout.user_id}</span>
                    </td>
                    <td>{payout.invoice_number}</td>
                    <td>{payout.method}</td>
                    <td className="number">{formatDollars(rowCents(payout.amount))}</td>
                    <td>{payout.recorded_by?.email || payout.recorded_by?.uid || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {history.next ? (
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={history.loading}
              onClick={() => void loadMore()}
            >
              {history.loading ? "Loading…" : "Load more"}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
