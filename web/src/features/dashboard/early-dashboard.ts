/**
 * The figures read before the SDKs on a first visit (lib/early-figures.ts), as the dashboard shows them
 * until its listener answers: the same revival and pending clicks as the live reads (use-affiliate.ts).
 */
import { useEffect, useMemo, useState } from "react";
import { withPendingClicks } from "@domain/ledger";
import { reviveAffiliate, reviveDates, type ClickShardDoc } from "@domain/model";
import type { EarlyDashboard } from "../../lib/early-figures";
import { saveLastSeen, type ShownFigures } from "../../lib/last-seen-figures";
import { figuresOf } from "./stat-cards";

let arrived: EarlyDashboard | undefined;

/**
 * The figures the early reads found, shown live, once they are in; undefined before, when there were none,
 * when they were of someone other than `uid` (any signed-in affiliate when undefined; nobody when null, as
 * at an admin's read-only view), or for a suspended account (whose page shows no figures).
 */
export function useEarlyFigures(uid?: string | null): ShownFigures | undefined {
  // Once in, at hand from the first render of every later view (the page after its pending view), so the
  // figures never step back to the kept ones for a frame.
  const [early, setEarly] = useState<EarlyDashboard | undefined>(() => arrived);
  useEffect(() => {
    let current = true;
    void window.earlyDashboard?.then((read) => {
      arrived = read;
      if (current) setEarly(read);
    });
    return () => {
      current = false;
    };
  }, []);
  const figures = useMemo(() => {
    if (!early?.affiliate || uid === null || (uid !== undefined && early.uid !== uid)) return undefined;
    const stored = reviveAffiliate({ uid: early.uid, ...early.affiliate });
    if (stored.fraud_user) return undefined;
    const now = new Date();
    const shards = early.shards.map((shard) => reviveDates<ClickShardDoc>(shard));
    return figuresOf(withPendingClicks(stored, shards, now), now);
  }, [early, uid]);
  // Shown live, so kept as the last figures seen here, as the listener's are (lib/last-seen-figures.ts).
  useEffect(() => {
    if (early && figures) saveLastSeen(early.uid, figures);
  }, [early, figures]);
  return figures ? { figures, stale: false } : undefined;
}
