/**
 * The figures read before the SDKs on a first visit (lib/early-figures.ts), as the dashboard shows them
 * until its listener answers: the same revival and pending clicks as the live reads (use-affiliate.ts).
 */
import { useEffect, useMemo, useState } from "react";
import { withPendingClicks } from "@domain/ledger";
import { reviveAffiliate, reviveDates, type AffiliateDoc, type ClickShardDoc } from "@domain/model";
import type { EarlyDashboard } from "../../lib/early-figures";
import { saveLastSeen } from "../../lib/last-seen-figures";
import { figuresOf } from "./stat-cards";

let arrived: EarlyDashboard | undefined;

/**
 * The affiliate as the early reads found them, once they are in; undefined before, when there were none,
 * when they were of someone other than `uid` (any signed-in affiliate when undefined; nobody when null, as
 * at an admin's read-only view), or for a suspended account (whose page shows no figures).
 */
export function useEarlyAffiliate(uid?: string | null): AffiliateDoc | undefined {
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
  const affiliate = useMemo(() => {
    if (!early?.affiliate || uid === null || (uid !== undefined && early.uid !== uid)) return undefined;
    const stored = reviveAffiliate({ uid: early.uid, ...early.affiliate });
    if (stored.fraud_user) return undefined;
    return withPendingClicks(
      stored,
      early.shards.map((shard) => reviveDates<ClickShardDoc>(shard)),
      new Date(),
    );
  }, [early, uid]);
  // Shown live, so kept as the last figures seen here, as the listener's are (lib/last-seen-figures.ts).
  useEffect(() => {
    if (early && affiliate) saveLastSeen(early.uid, figuresOf(affiliate, new Date()));
  }, [early, affiliate]);
  return affiliate;
}
