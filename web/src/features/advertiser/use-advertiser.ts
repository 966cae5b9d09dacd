/** The advertiser page's state: who may see it, and the affiliate list with its order and refreshes (TanStack Query). */
import { useCallback, useMemo, useState } from "react";
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQueries,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import type { User } from "firebase/auth";
import type { SummaryOrder, SummaryRow } from "@domain/advertiser-summary";
import type { OverdueRefunds } from "@domain/overdue-refunds";
import {
  checkAdvertiser,
  fetchAffiliatePage,
  fetchOverdueRefunds,
  fetchRiskCase,
  fetchRiskCases,
  recordPayout,
  setSuspension,
  type AffiliatePage,
  type ListFilters,
  type RecordedPayout,
  type RiskCaseRow,
  type RiskCaseView,
} from "./advertiser-api";
import { fetchEveryAffiliate, onceEach } from "./every-affiliate";
import { affiliateView, type AffiliateView } from "./affiliate-view";

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

/** What the staff member narrows the list to (the search is sent as typed, once typing pauses). */
export interface Filters {
  search: string;
  pendingOnly: boolean;
  highRiskOnly: boolean;
}

export const noFilters: Filters = { search: "", pendingOnly: false, highRiskOnly: false };

/** Rows fetched a page at a time: enough to fill a tall screen, small enough to answer at once. */
export const listPageSize = 100;

export interface ListState {
  /** The rows fetched so far, in order; undefined until the first page. */
  views: AffiliateView[] | undefined;
  /** How many affiliates match the filters (null when the server cannot count them). */
  matching: number | null;
  /** The programme's counts; undefined until the first page. */
  totals: { affiliates: number; pending_payouts: number } | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  /** Whether the rows shown are still those of the previous filters while the new ones load. */
  stale: boolean;
  /** The filters and order the rows are asked for, as the server takes them (the CSV asks for the same). */
  sent: ListFilters;
  order: SummaryOrder;
  /** When the rows were fetched: the Payout buttons' days count from here. */
  asOf: Date;
  refreshing: boolean;
  /** The uids whose payout is being recorded. */
  recording: ReadonlySet<string>;
  /**
   * The payouts recorded since the list was last put in order (uid → cents): their cards show it in place
   * and the list keeps its order until the staff member moves on (`settle`).
   */
  recorded: ReadonlyMap<string, number>;
  /** Moves on from the payouts recorded: the list is asked for again, by balance only (SPEC.md §4). */
  settle(): void;
  /** Orders the list another way (a column of the table, or the order menu); moves on from payouts recorded. */
  sortBy(order: SummaryOrder): void;
  /** Refetches the list and the payouts due and ready (and moves on from the payouts recorded). */
  refresh(): void;
  /** Records the row's payout of `cents`; a refusal is only logged (SPEC.md §8) and the list refreshed. */
  record(row: SummaryRow, cents: number): Promise<void>;
  /** Suspends or reinstates the row's affiliate; rejects with the refusal. */
  suspend(row: SummaryRow, suspended: boolean, reason: string): Promise<void>;
}

const recordPayoutKey = ["record-payout"];

/** The list's filters as the server takes them. */
export function listFilters(filters: Filters, order: SummaryOrder): ListFilters {
  return { search: filters.search, pending: filters.pendingOnly, highRisk: filters.highRiskOnly, ready: false, order };
}

type Pages = InfiniteData<AffiliatePage, string | null>;

/** Puts a row the server sent back (after a payout or suspension) in every list that holds it. */
function replaceRow(queryClient: QueryClient, uid: string, row: SummaryRow): void {
  const swap = (rows: SummaryRow[]) => rows.map((current) => (current.user_id === row.user_id ? row : current));
  queryClient.setQueriesData<Pages>({ queryKey: ["affiliate-pages", uid] }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, affiliates: swap(page.affiliates) })) } : data,
  );
  queryClient.setQueriesData<SummaryRow[]>({ queryKey: ["affiliate-lists", uid] }, (rows) => rows && swap(rows));
}

/**
 * The advertiser list (issue 20): fetched a page at a time from GET /api/affiliates, filtered, searched
 * and ordered on the server, so a programme of 100,000 affiliates opens as fast as one of 1,000. The
 * order is SPEC.md §4's: pending first, then balance; after a payout is recorded, balance only.
 */
export function useAffiliateList(user: User, filters: Filters): ListState {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<SummaryOrder>("pending-first");
  const sent = listFilters(filters, order);
  const list = useInfiniteQuery({
    queryKey: ["affiliate-pages", user.uid, sent],
    queryFn: ({ pageParam }) =>
      fetchAffiliatePage(user, sent, pageParam, listPageSize).catch((error: unknown) => {
        // SPEC.md §8: only logged; the page keeps the rows it has.
        console.error("Loading the affiliates failed:", error);
        throw error;
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    // While a new search or filter loads, the rows shown stay until its first page comes.
    placeholderData: keepPreviousData,
  });

  const refetchAll = useRefreshAffiliates(user);
  const [recorded, setRecorded] = useState<ReadonlyMap<string, number>>(new Map());
  const settle = useCallback(() => {
    if (recorded.size === 0) return;
    setRecorded(new Map());
    setOrder("balance");
    refetchAll();
  }, [recorded, refetchAll]);
  const sortBy = useCallback((next: SummaryOrder) => {
    setRecorded((current) => (current.size === 0 ? current : new Map()));
    setOrder(next);
  }, []);
  // Settling asks for everything again itself (in the new order); otherwise only the asking is needed.
  const refresh = useCallback(() => (recorded.size > 0 ? settle() : refetchAll()), [recorded, settle, refetchAll]);

  const { mutateAsync } = useMutation({
    mutationKey: recordPayoutKey,
    mutationFn: ({ row }: { row: SummaryRow; cents: number }) => recordPayout(user, row),
    onSuccess: (answer: RecordedPayout, { row, cents }) => {
      // The card shows it at once, where it is; the programme's counts follow. The list's new order (by
      // balance only) waits until the staff member moves on, so the card does not jump from under them.
      replaceRow(queryClient, user.uid, answer.row);
      setRecorded((current) => new Map(current).set(row.user_id, cents));
      void queryClient.invalidateQueries({ queryKey: ["programme-totals", user.uid] });
    },
    // SPEC.md §8: errors recording payouts are only logged. Refresh: another staff member may have
    // recorded it, and the card should show that.
    onError: (error) => {
      console.error("Recording the payout failed:", error);
      refetchAll();
    },
  });
  const record = useCallback(
    (row: SummaryRow, cents: number) =>
      mutateAsync({ row, cents }).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );

  const suspend = useCallback(
    async (row: SummaryRow, suspended: boolean, reason: string) => {
      const result = await setSuspension(user, row, suspended, reason);
      replaceRow(queryClient, user.uid, result.row);
    },
    [user, queryClient],
  );

  const recordingUids = useMutationState({
    filters: { mutationKey: recordPayoutKey, status: "pending" },
    select: (mutation) => (mutation.state.variables as { row: SummaryRow }).row.user_id,
  });
  const recording = useMemo(() => new Set(recordingUids), [recordingUids]);

  // A first answer that failed leaves an empty list (the page says there is no data), as before any rows.
  const { data, isError, hasNextPage, isFetchingNextPage, fetchNextPage, isFetching, isPlaceholderData } = list;
  const views = useMemo(() => {
    if (!data) return isError ? [] : undefined;
    // Issue 33's signal comes beside the rows, per page, so a row the server sends back keeps it.
    const shared = Object.assign({}, ...data.pages.map((page) => page.shared_payout_destinations)) as Record<
      string,
      number
    >;
    return onceEach(data.pages.flatMap((page) => page.affiliates)).map((row) =>
      affiliateView(row, shared[row.user_id]),
    );
  }, [data, isError]);
  const first = data?.pages[0];
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    views,
    matching: first?.matching ?? null,
    totals: first?.totals ?? (isError ? { affiliates: 0, pending_payouts: 0 } : undefined),
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
    stale: isPlaceholderData,
    sent,
    order,
    asOf: new Date(list.dataUpdatedAt),
    refreshing: isFetching && !isFetchingNextPage,
    recording,
    recorded,
    settle,
    sortBy,
    refresh,
    record,
    suspend,
  };
}

/** Asks again for everything the console shows of the affiliates: the list, the payout lists, the counts. */
export function useRefreshAffiliates(user: User): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const key of ["affiliate-pages", "affiliate-lists", "any-ready", "programme-totals"]) {
      void queryClient.invalidateQueries({ queryKey: [key, user.uid] });
    }
  }, [queryClient, user.uid]);
}

/**
 * The programme's counts (affiliates, payouts pending) for the console's heading on every section: the
 * first page of the default list, one row long. Undefined while asking, or when asking failed (only logged).
 */
export function useProgrammeTotals(user: User): AffiliatePage["totals"] | undefined {
  const { data } = useQuery({
    queryKey: ["programme-totals", user.uid],
    queryFn: () =>
      fetchAffiliatePage(user, listFilters(noFilters, "pending-first"), null, 1).then(
        (page) => page.totals,
        (error: unknown) => {
          console.error("Loading the programme's counts failed:", error);
          throw error;
        },
      ),
  });
  return data;
}

/** The payouts panel's lists as the server takes them: payouts due, or affiliates staff could pay now. */
const payoutListFilters = (kind: "due" | "ready"): ListFilters => ({
  ...listFilters(noFilters, "pending-first"),
  [kind === "due" ? "pending" : "ready"]: true,
});

/**
 * Every affiliate with a payout pending and every one staff could pay now (issue 19's due and ready
 * payouts), fetched whole once the payouts panel is opened (`wanted`): it chooses among them all, and a
 * large programme's page should not read them on every visit. Undefined until both have come.
 */
export function usePayoutLists(user: User, wanted: boolean): AffiliateView[] | undefined {
  const lists = useQueries({
    queries: (["due", "ready"] as const).map((kind) => ({
      queryKey: ["affiliate-lists", user.uid, kind],
      queryFn: () =>
        fetchEveryAffiliate(user, payoutListFilters(kind)).catch((error: unknown) => {
          console.error("Loading the payouts due failed:", error);
          throw error;
        }),
      enabled: wanted,
    })),
  });
  const [due, ready] = lists.map((list) => list.data ?? (list.isError ? [] : undefined));
  return useMemo(() => (due && ready ? [...due, ...ready].map(affiliateView) : undefined), [due, ready]);
}

/**
 * Whether any affiliate could be paid now without having asked, for the payouts panel's lead while it is
 * closed: the ready list's first row only (the server stops at the first it finds), not the whole list.
 * Undefined while asking or when asking failed (only logged).
 */
export function useAnyReady(user: User): boolean | undefined {
  const { data } = useQuery({
    queryKey: ["any-ready", user.uid],
    queryFn: () =>
      fetchAffiliatePage(user, payoutListFilters("ready"), null, 1).then(
        (page) => page.affiliates.length > 0,
        (error: unknown) => {
          console.error("Loading the payouts due failed:", error);
          throw error;
        },
      ),
  });
  return data;
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

/**
 * The open risk cases (issue 33), the most money at stake first, with the case a link asked for (`asked`)
 * even when it is not among them; undefined while asking.
 */
export function useRiskCases(user: User, asked: string | null) {
  return useQuery({
    queryKey: ["risk-cases", user.uid, asked],
    queryFn: () =>
      fetchRiskCases(user, asked).catch((error: unknown) => {
        console.error("Loading the risk cases failed:", error);
        throw error;
      }),
  });
}

/** One case's events, evidence and the affiliate's figures, asked for once its card is opened (`wanted`). */
export function useRiskCase(user: User, caseId: string, wanted: boolean) {
  return useQuery<RiskCaseView>({
    queryKey: ["risk-case", user.uid, caseId],
    queryFn: () => fetchRiskCase(user, caseId),
    enabled: wanted,
  });
}

export type { RiskCaseRow, RiskCaseView };
