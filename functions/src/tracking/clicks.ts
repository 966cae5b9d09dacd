/**
 * Click roll-up. A click never writes the affiliate document (about one write a second is all one document
 * sustains): it increments one of `limits.clickShards` shard documents under the affiliate (clickIncrement,
 * data/aggregates.ts), and the roll-up here folds the shards into the affiliate's totals and day documents. Readers add the shards'
 * pending clicks on top (withPendingClicks), so a click shows at once.
 */
import { logger } from "firebase-functions/logger";
import { limits } from "../config.js";
import { pendingClickChanges, staleKeysOf } from "../domain/ledger.js";
import { writeChanges } from "../data/aggregates.js";
import { db, refs } from "../data/firestore.js";

/** Folds one affiliate's click shards into its totals and day documents; returns the clicks moved. */
export async function rollUpClicks(uid: string, now = new Date()): Promise<number> {
  // Read outside the transaction, for the recent days to prune and the links (a removed link's clicks go to
  // the removed trackers) only: the clicks are added as increments.
  const affiliate = (await refs.affiliate(uid).get()).data();
  return db().runTransaction(
    async (tx) => {
      const shards = await tx.get(refs.clickShards(uid));
      if (shards.empty) return 0;
      // Shards of an affiliate that no longer exists are dropped: there is nothing to add their clicks to.
      const changes = affiliate
        ? pendingClickChanges(
            shards.docs.map((shard) => shard.data()),
            affiliate.links,
          )
        : [];
      if (affiliate) writeChanges(tx, uid, changes, staleKeysOf(affiliate, now), now);
      for (const shard of shards.docs) tx.delete(shard.ref);
      return changes.reduce((sum, change) => sum + (change.figures.clicks ?? 0), 0);
    },
    { maxAttempts: limits.transactionAttempts },
  );
}

/** The scheduled roll-up: every affiliate with pending clicks, one transaction each. */
export async function rollUpAllClicks(now = new Date()): Promise<{ affiliates: number; clicks: number }> {
  const shards = await refs.allClickShards().select().get();
  const uids = [...new Set(shards.docs.map((shard) => shard.ref.parent.parent!.id))];
  let clicks = 0;
  for (const uid of uids) {
    try {
      clicks += await rollUpClicks(uid, now);
    } catch (error) {
      // One affiliate's failure must not stop the others; its shards wait for the next run.
      logger.error("clicks: roll-up failed", { uid, error });
    }
  }
  return { affiliates: uids.length, clicks };
}
