/** Affiliate accounts: creating one, reading one, its custom links and its payout details. */
import { logger } from "firebase-functions/logger";
import { limits } from "../config.js";
import { defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import { withPendingClicks } from "../domain/ledger.js";
import { newAffiliate, type AffiliateDoc } from "../domain/model.js";
import type { PayoutDetails } from "../domain/payout-details.js";
import { payoutMessages } from "../domain/payout-eligibility.js";
import type { RiskIdentityDoc } from "../domain/self-referral.js";
import { searchKeysOf } from "../domain/summary-keys.js";
import { isUsableTracker, normalizeTracker } from "../domain/tracker.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { writeLinks } from "../data/aggregates.js";
import { keepIdentity, readIdentity, stageOwnDestination, type SessionOrigin } from "../data/risk-identity.js";
import { readDestinationMove } from "../data/payout-destinations.js";
import { raiseSharedDestination, raiseSharedDevice } from "../data/risk-cases.js";
import { db, refs } from "../data/firestore.js";
import { saleTermsInForce } from "../data/commission-groups.js";
import { ApiError } from "../errors.js";
import { userDataView, type UserData } from "./user-data-view.js";

/**
 * Creates the affiliate once; calling again (or twice at once) changes nothing. Returns whether it did.
 * `origin` is the caller's (http/client-address.ts, their user agent): their identity for self-referral and
 * their first sign-in device start with it.
 */
export async function createAccount(uid: string, email: string, now: Date, origin: SessionOrigin): Promise<boolean> {
  const affiliate = newAffiliate(uid, email, now);
  try {
    await refs.affiliate(uid).create(affiliate);
  } catch (error) {
    if ((error as { code?: number }).code === 6) return false; // ALREADY_EXISTS
    throw error;
  }
  await recordSession(uid, affiliate, origin, null, now);
  return true;
}

/**
 * The affiliate's own identifiers for the self-referral check and their sign-in device (issue 33,
 * data/risk-identity.ts): written only when something is new; a device others were seen on lately raises the
 * shared-device signal. A failure is logged: the account or dashboard matters more than one session.
 */
async function recordSession(
  uid: string,
  affiliate: AffiliateDoc,
  origin: SessionOrigin,
  identity: RiskIdentityDoc | null,
  now: Date,
): Promise<void> {
  const shared = await keepIdentity(uid, affiliate, origin, identity, now).catch((error: unknown) => {
    logger.error("risk identity not kept", { uid, error: String(error) });
    return null;
  });
  await raiseSharedDevice(uid, shared, now);
}

/**
 * The affiliate as SPEC.md §3 shapes it, with clicks not yet rolled up and the newest transactions. The
 * affiliate's own call (`origin`: their address and user agent) also keeps their identity for self-referral
 * and their sign-in device: its document is read beside the others, and written only when the address (or
 * device, e-mail, destination) is new.
 */
export async function loadUserData(uid: string, now: Date, origin?: SessionOrigin): Promise<UserData> {
  const affiliateRead = getAffiliateOrThrow(uid);
  const [affiliate, shards, transactions, terms, identity] = await Promise.all([
    affiliateRead,
    refs.clickShards(uid).get(),
    refs.transactions(uid).orderBy("timestamp", "desc").limit(limits.userDataTransactions).get(),
    // The rates shown are the programme's, or the affiliate's group's, in force now (the deal on top).
    saleTermsInForce(defaultAdvertiserId, now, affiliateRead),
    origin === undefined ? null : readIdentity(uid),
  ]);
  if (origin !== undefined) await recordSession(uid, affiliate, origin, identity, now);
  const shown = withPendingClicks(
    affiliate,
    shards.docs.map((shard) => shard.data()),
    now,
  );
  return userDataView(
    shown,
    transactions.docs.map((entry) => entry.data()),
    now,
    { commission_rate: terms.commissionRate, repeat_rates: terms.repeatRates },
  );
}

function refuseSuspended(affiliate: AffiliateDoc): void {
  if (affiliate.fraud_user) throw new ApiError("forbidden", payoutMessages.suspended);
}

/** Adds a custom tracker link (normalised, no duplicates, at most 20 per advertiser); returns the links. */
export async function addCustomLink(uid: string, advertiser: AdvertiserId, input: string): Promise<string[]> {
  const suffix = normalizeTracker(input);
  if (!isUsableTracker(suffix)) throw new ApiError("bad_request", "A tracker needs at least one letter or digit.");
  return changeLinks(uid, advertiser, (links) => {
    if (links.includes(suffix)) throw new ApiError("conflict", `You already have the tracker ${suffix}.`);
    if (links.length >= limits.maxLinksPerAdvertiser) {
      throw new ApiError("conflict", `You can have at most ${limits.maxLinksPerAdvertiser} trackers per advertiser.`);
    }
    return [...links, suffix];
  });
}

/**
 * Removes a custom tracker link; the tracking redirect stops honouring it at once, and its figures move to
 * the removed trackers (a link added again later starts from nothing). Returns the links.
 */
export async function deleteCustomLink(uid: string, advertiser: AdvertiserId, input: string): Promise<string[]> {
  const suffix = normalizeTracker(input);
  return changeLinks(uid, advertiser, (links) => {
    if (!links.includes(suffix)) throw new ApiError("not_found", `You have no tracker ${suffix}.`);
    return links.filter((link) => link !== suffix);
  });
}

/** Changes an advertiser's links in a transaction on the affiliate (writeLinks folds removed trackers). */
function changeLinks(uid: string, advertiser: AdvertiserId, change: (links: string[]) => string[]) {
  return db().runTransaction(async (tx) => {
    const affiliate = await getAffiliateOrThrow(uid, tx);
    refuseSuspended(affiliate);
    const next = change(affiliate.links[advertiser] ?? []);
    writeLinks(tx, affiliate, advertiser, next);
    return next;
  });
}

/**
 * Stores validated payout details (update_paypal_account), and in the same transaction moves the affiliate
 * to their destination's entry in the index of shared payout destinations (data/payout-destinations.ts).
 */
export async function updatePayoutDetails(uid: string, details: PayoutDetails, now: Date): Promise<void> {
  const shared = await db().runTransaction(
    async (tx) => {
      const affiliate = await getAffiliateOrThrow(uid, tx);
      refuseSuspended(affiliate);
      const destination = await readDestinationMove(tx, uid, details, now);
      // The name is searched by (domain/summary-keys.ts): its prefixes change with it.
      const search_keys = searchKeysOf({ uid, email: affiliate.email, name: details.name });
      tx.update(refs.affiliate(uid).withConverter(null), { ...details, search_keys });
      destination.write();
      if (destination.changes) stageOwnDestination(tx, uid, details, now);
      return destination.shared;
    },
    { maxAttempts: limits.transactionAttempts },
  );
  // A destination other affiliates use raises the shared-destination risk signal (issue 33, docs/risk.md).
  await raiseSharedDestination(uid, shared, now);
}
