import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import { fetchPayoutHistory } from "./advertiser-api";
import { Button } from "../../components/ui/button";
import { Table, type Column } from "../../components/ui/table";
import { formatMoment } from "../../lib/dates";
import { DisclosurePanel } from "./disclosure-panel";
import styles from "./advertiser.module.css";

type Payout = Awaited<ReturnType<typeof fetchPayoutHistory>>["payouts"][number];

const columns: Column<Payout>[] = [
  { header: "Paid", cell: (payout) => formatMoment(new Date(payout.paid_at)) },
  {
    header: "Affiliate",
    cell: (payout) => (
      <>
        {payout.name || payout.company || "—"}
        <span className={styles["affiliate-card-id"]}>{payout.user_id}</span>
      </>
    ),
  },
  { header: "Invoice", cell: (payout) => payout.invoice_number },
  { header: "Method", cell: (payout) => payout.method },
  { header: "Amount", number: true, cell: (payout) => formatDollars(rowCents(payout.amount)) },
  { header: "Recorded by", cell: (payout) => payout.recorded_by?.email || payout.recorded_by?.uid || "—" },
];

/**
 * The audit trail (beyond SPEC.md): every recorded payout, newest first, with who recorded it and when.
 * Loaded when opened, a page at a time; `version` changes when a payout is recorded here, to reload it
 * (a new list: a "Load more" answer for the list before is not mixed into it). Read across, as a ledger: on
 * a phone it keeps its columns and scrolls sideways in the panel.
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
        <Table columns={columns} rows={history.payouts} rowKey={(payout) => payout.invoice_number} />
      )}
      {history.next ? (
        <Button variant="ghost" size="small" disabled={history.loading} onClick={loadMore}>
          {history.loading ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </DisclosurePanel>
  );
}
