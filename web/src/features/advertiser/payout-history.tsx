import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import { fetchPayoutHistory } from "./advertiser-api";
import { Button } from "../../components/ui/button";
import { DisclosurePanel, timeFormat } from "./disclosure-panel";
import styles from "./advertiser.module.css";

/**
 * The audit trail (beyond SPEC.md): every recorded payout, newest first, with who recorded it and when.
 * Loaded when opened, a page at a time; `version` changes when a payout is recorded here, to reload it
 * (a new list: a "Load more" answer for the list before is not mixed into it).
 */
export function PayoutHistory({ user, version }: { user: User; version: number }) {
  const [open, setOpen] = useState(false);
  const query = useInfiniteQuery({
    queryKey: ["payout-history", user.uid, version],
    queryFn: ({ pageParam }) =>
      fetchPayoutHistory(user, pageParam).catch((error: unknown) => {
        console.error("Loading the payout history failed:", error);
        throw error;
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled: open,
  });
  const history = {
    payouts: query.data?.pages.flatMap((page) => page.payouts) ?? [],
    next: query.hasNextPage,
    loading: query.isFetching,
  };
  const loadMore = () => {
    if (history.next && !history.loading) void query.fetchNextPage();
  };

  return (
    <DisclosurePanel id="payout-history" heading="Payout history" open={open} onToggle={() => setOpen(!open)}>
      {history.payouts.length === 0 ? (
        <p className="muted">{history.loading ? "Loading…" : "No payouts recorded yet."}</p>
      ) : (
        <table className={styles["advertiser-table"]}>
          <thead>
            <tr>
              <th scope="col">Paid</th>
              <th scope="col">Affiliate</th>
              <th scope="col">Invoice</th>
              <th scope="col">Method</th>
              <th scope="col" className={styles.number}>
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
                  <span className={styles["affiliate-card-id"]}>{payout.user_id}</span>
                </td>
                <td>{payout.invoice_number}</td>
                <td>{payout.method}</td>
                <td className={styles.number}>{formatDollars(rowCents(payout.amount))}</td>
                <td>{payout.recorded_by?.email || payout.recorded_by?.uid || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {history.next ? (
        <Button variant="ghost" size="small" disabled={history.loading} onClick={loadMore}>
          {history.loading ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </DisclosurePanel>
  );
}
