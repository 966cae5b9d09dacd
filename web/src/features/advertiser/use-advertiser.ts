/** The advertiser page's state: who may see it, and the summary with its order and refreshes (TanStack Query). */
import { useCallback, useMemo, useState } from "react";
import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import type { SummaryOrder, SummaryRow } from "@domain/advertiser-summary";
import type { OverdueRefunds } from "@domain/overdue-refunds";
import {
  checkAdvertiser,
  fetchOverdueRefunds,
  fetchSummary,
  recordPayout,
  setSuspension,
  type RecordedPayout,
} from "./advertiser-api";
import { affiliateViews, type AffiliateView } from "./affiliate-view";

/** Whether the caller is advertiser staff (check_advertiser); undefined while asking. */
export function useIsAdvertiser(user: User): boolean | undefined {
  const { data } = useQuery({
    queryKey: ["check-advertiser", user.uid],
    queryFn: () =>
      checkAdvertiser(user).catch((error: unknown) => {
        // SPEC.md §8: checking advertiser status fails silently (logged); the page then says how to apply.
        console.error("Checking advertiser status failed:", error);
        return false;
      }),
  });
  return data;
}

export interface SummaryState {
  /** Undefined until the first answer. */
  views: AffiliateView[] | undefined;
  order: SummaryOrder;
  /** When the rows were fetched: the Payout buttons' 30 days count from here. */
  asOf: Date;
  refreshing: boolean;
  /** The uids whose payout is being recorded. */
  recording: ReadonlySet<string>;
  refresh(): void;
  record(row: SummaryRow): Promise<void>;
  /** Suspends or reinstates the row's affiliate; answers the refusal's message, or null when done. */
  suspend(row: SummaryRow, suspended: boolean, reason: string): Promise<string | null>;
}

const recordPayoutKey = ["record-payout"];

export function useSummary(user: User): SummaryState {
  const queryClient = useQueryClient();
  const summaryKey = useMemo(() => ["summary", user.uid], [user.uid]);
  const [order, setOrder] = useState<SummaryOrder>("pending-first");
  const summary = useQuery({
    queryKey: summaryKey,
    queryFn: () =>
      fetchSummary(user).catch((error: unknown) => {
        // SPEC.md §8: only logged; the page keeps the rows it has.
        console.error("Loading the affiliates failed:", error);
        throw error;
      }),
  });

  const refetch = summary.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);

  const { mutateAsync } = useMutation({
    mutationKey: recordPayoutKey,
    mutationFn: (row: SummaryRow) => recordPayout(user, row),
    onSuccess: (recorded: RecordedPayout) => {
      // Show it at once (the button goes quiet), then refresh: SPEC.md §4, balance descending only.
      setOrder("balance");
      queryClient.setQueryData<SummaryRow[]>(summaryKey, (rows) =>
        rows?.map((row) => (row.user_id === recorded.row.user_id ? recorded.row : row)),
      );
    },
    // SPEC.md §8: errors recording payouts are only logged. Refresh either way: another staff member may
    // have recorded it, and the card should show that.
    onError: (error) => console.error("Recording the payout failed:", error),
    onSettled: () => queryClient.refetchQueries({ queryKey: summaryKey }),
  });
  const record = useCallback(
    (row: SummaryRow) =>
      mutateAsync(row).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );

  const suspend = useCallback(
    async (row: SummaryRow, suspended: boolean, reason: string) => {
      try {
        const result = await setSuspension(user, row, suspended, reason);
        queryClient.setQueryData<SummaryRow[]>(summaryKey, (rows) =>
          rows?.map((current) => (current.user_id === result.row.user_id ? result.row : current)),
        );
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    [user, queryClient, summaryKey],
  );

  const recordingUids = useMutationState({
    filters: { mutationKey: recordPayoutKey, status: "pending" },
    select: (mutation) => (mutation.state.variables as SummaryRow).user_id,
  });
  const recording = useMemo(() => new Set(recordingUids), [recordingUids]);

  // A first answer that failed leaves an empty list (the page says there is no data), as before any rows.
  const { data, isError } = summary;
  const views = useMemo(() => {
    const rows = data ?? (isError ? [] : undefined);
    return rows && affiliateViews(rows, order);
  }, [data, isError, order]);
  return {
    views,
    order,
    asOf: new Date(summary.dataUpdatedAt),
    refreshing: summary.isFetching,
    recording,
    refresh,
    record,
    suspend,
  };
}

/** The refunds overdue for their sale; undefined while asking, or when asking failed (only logged). */
export function useOverdueRefunds(user: User): OverdueRefunds | undefined {
  const { data } = useQuery({
    queryKey: ["overdue-refunds", user.uid],
    queryFn: () =>
      fetchOverdueRefunds(user).catch((error: unknown) => {
        console.error("Loading the overdue refunds failed:", error);
        throw error;
      }),
  });
  return data;
}
