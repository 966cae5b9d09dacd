/** The advertiser page's state: who may see it, and the summary with its order and refreshes. */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { User } from "firebase/auth";
import type { SummaryOrder, SummaryRow } from "@domain/advertiser-summary";
import { checkAdvertiser, fetchSummary, recordPayout } from "./advertiser-api";
import { affiliateViews, type AffiliateView } from "./affiliate-view";

/** Whether the caller is advertiser staff (check_advertiser); undefined while asking. */
export function useIsAdvertiser(user: User): boolean | undefined {
  const [answer, setAnswer] = useState<{ uid: string; isAdvertiser: boolean }>();
  useEffect(() => {
    let live = true;
    checkAdvertiser(user)
      .catch((error: unknown) => {
        // SPEC.md §8: checking advertiser status fails silently (logged); the page then says how to apply.
        console.error("Checking advertiser status failed:", error);
        return false;
      })
      .then((isAdvertiser) => live && setAnswer({ uid: user.uid, isAdvertiser }));
    return () => {
      live = false;
    };
  }, [user]);
  return answer?.uid === user.uid ? answer.isAdvertiser : undefined;
}

interface Summary {
  rows: SummaryRow[];
  order: SummaryOrder;
  /** When the rows were fetched: the Payout buttons' 30 days count from here. */
  asOf: Date;
}

export interface SummaryState {
  /** Undefined until the first answer. */
  views: AffiliateView[] | undefined;
  order: SummaryOrder;
  asOf: Date;
  refreshing: boolean;
  /** The uids whose payout is being recorded. */
  recording: ReadonlySet<string>;
  refresh(): void;
  record(row: SummaryRow): Promise<void>;
}

/** The rows, or null when they could not be fetched (SPEC.md §8: only logged; the page keeps what it has). */
async function rowsOrNothing(user: User): Promise<SummaryRow[] | null> {
  try {
    return await fetchSummary(user);
  } catch (error) {
    console.error("Loading the affiliates failed:", error);
    return null;
  }
}

export function useSummary(user: User): SummaryState {
  const [summary, setSummary] = useState<Summary>();
  const [refreshing, setRefreshing] = useState(true);
  const [recording, setRecording] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let live = true;
    void rowsOrNothing(user).then((rows) => {
      if (!live) return;
      setRefreshing(false);
      setSummary({ rows: rows ?? [], order: "pending-first", asOf: new Date() });
    });
    return () => {
      live = false;
    };
  }, [user]);

  /** Fetches the rows again, keeping the order unless told another. */
  const load = useCallback(
    async (order?: SummaryOrder) => {
      setRefreshing(true);
      const rows = await rowsOrNothing(user);
      setRefreshing(false);
      setSummary((current) => {
        const nextOrder = order ?? current?.order ?? "pending-first";
        if (rows) return { rows, order: nextOrder, asOf: new Date() };
        return current && { ...current, order: nextOrder };
      });
    },
    [user],
  );

  const record = useCallback(
    async (row: SummaryRow) => {
      setRecording((current) => new Set(current).add(row.user_id));
      try {
        const recorded = await recordPayout(user, row);
        // Show it at once (the button goes quiet), then refresh: SPEC.md §4, balance descending only.
        setSummary(
          (current) =>
            current && {
              ...current,
              order: "balance",
              rows: current.rows.map((r) => (r.user_id === recorded.row.user_id ? recorded.row : r)),
            },
        );
        await load("balance");
      } catch (error) {
        // SPEC.md §8: errors recording payouts are only logged. Refresh: another staff member may have
        // recorded it, and the card should show that.
        console.error("Recording the payout failed:", error);
        await load();
      } finally {
        setRecording((current) => {
          const next = new Set(current);
          next.delete(row.user_id);
          return next;
        });
      }
    },
    [user, load],
  );

  const views = useMemo(() => summary && affiliateViews(summary.rows, summary.order), [summary]);
  const refresh = useCallback(() => void load(), [load]);
  return {
    views,
    order: summary?.order ?? "pending-first",
    asOf: summary?.asOf ?? new Date(0),
    refreshing,
    recording,
    refresh,
    record,
  };
}
