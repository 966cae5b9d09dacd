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
import {
  deviceKeyOf,
  keepIdentity,
  readIdentity,
  stageOwnDestination,
  type SessionOrigin,
} from "../data/risk-identity.js";
import { recruitsSharingDestination, stageRecruitLines, stageRelationsEnded } from "../data/recruits.js";
import { seenOnDevice } from "../data/sign-in-devices.js";
import { chainUids, recruitRefusalOf, recruitRefusals, type RecruitRefusal } from "../domain/recruits.js";
import { readDestinationMove } from "../data/payout-destinations.js";
import { raiseSharedDestination, raiseSharedDevice } from "../data/risk-cases.js";
import { db, refs } from "../data/firestore.js";
import { saleTermsInForce } from "../data/commission-groups.js";
import { ApiError } from "../errors.js";
import { userDataView, type UserData } from "./user-data-view.js";

/** Whether a recruit link given at sign-up was recorded, and if not, why (issue 34). */
export interface RecruitOutcome {
  recorded: boolean;
  reason?: string;
}

/**
 * Creates the affiliate once; calling again (or twice at once) changes nothing. Returns whether it did.
 * `origin` is the caller's (http/client-address.ts, their user agent): their identity for self-referral and
 * their first sign-in device start with it. `recruitCode` is the recruit link the person came through (the
 * recruiter's user id, issue 34): recorded as `recruited_by` when the account is made, never after, unless it
 * is self-recruiting or a loop (domain/recruits.ts); a refused link still makes the account.
 */
export async function createAccount(
  uid: string,
  email: string,
  now: Date,
  origin: SessionOrigin,
  recruitCode?: string,
): Promise<{ created: boolean; recruit?: RecruitOutcome }> {
  const result =
    recruitCode === undefined
      ? { created: await createPlain(uid, email, now), affiliate: newAffiliate(uid, email, now) }
      : await createRecruited(uid, email, now, origin, recruitCode);
  if (result.created) await recordSession(uid, result.affiliate, origin, null, now);
  return { created: result.created, ...("recruit" in result ? { recruit: result.recruit } : {}) };
}

async function createPlain(uid: string, email: string, now: Date): Promise<boolean> {
  try {
    await refs.affiliate(uid).create(newAffiliate(uid, email, now));
  } catch (error) {
    if ((error as { code?: number }).code === 6) return false; // ALREADY_EXISTS
    throw error;
  }
  return true;
}

/**
 * The account made through a recruit link, in one transaction with the recruiters' counts and the recruit's line
 * on each (so two recruits at once get two numbers). The device check reads the index of sign-in devices first.
 */
async function createRecruited(uid: string, email: string, now: Date, origin: SessionOrigin, code: string) {
  const deviceKey = code === uid ? null : deviceKeyOf(origin);
  const sameDevice = deviceKey ? await seenOnDevice(deviceKey, code, now) : false;
  return db().runTransaction(
    async (tx) => {
      let affiliate = newAffiliate(uid, email, now);
      const refuse = (reason: RecruitRefusal) => ({ recorded: false, reason: recruitRefusals[reason] });
      if ((await tx.get(refs.affiliate(uid))).exists) return { created: false, affiliate, recruit: refuse("exists") };
      const recruiter = code === uid ? undefined : (await tx.get(refs.affiliate(code))).data();
      const refusal: RecruitRefusal | null =
        code === uid
          ? "self"
          : !recruiter
            ? "unknown"
            : recruitRefusalOf({ recruitUid: uid, recruitEmail: email, recruiter, sameDevice });
      if (refusal !== null || !recruiter) {
        tx.create(refs.affiliate(uid), affiliate);
        return { created: true, affiliate, recruit: refuse(refusal ?? "unknown") };
      }
      const uids = chainUids(recruiter);
      const upline = await Promise.all(uids.slice(1).map((other) => tx.get(refs.affiliate(other))));
      const docs = [recruiter, ...upline.map((doc) => doc.data())];
      const chain = uids.flatMap((other, i) => {
        const doc = docs[i];
        return doc ? [{ uid: other, no: (doc.recruits_count ?? 0) + 1 }] : [];
      });
      affiliate = { ...affiliate, recruited_by: { at: now, chain, ended_at: null } };
      tx.create(refs.affiliate(uid), affiliate);
      stageRecruitLines(tx, chain, now);
      return { created: true, affiliate, recruit: { recorded: true } };
    },
    { maxAttempts: limits.transactionAttempts },
  );
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
      // A destination shared with one's recruiter or recruit is self-recruiting (issue 34): the relation ends.
      const selfRecruited = destination.shared
        ? await recruitsSharingDestination(tx, affiliate, destination.shared.others)
        : [];
      // The name is searched by (domain/summary-keys.ts): its prefixes change with it.
      const search_keys = searchKeysOf({ uid, email: affiliate.email, name: details.name });
      tx.update(refs.affiliate(uid).withConverter(null), { ...details, search_keys });
      destination.write();
      if (destination.changes) stageOwnDestination(tx, uid, details, now);
      stageRelationsEnded(tx, selfRecruited, now);
      return destination.shared;
    },
    { maxAttempts: limits.transactionAttempts },
  );
  // A destination other affiliates use raises the shared-destination risk signal (issue 33, docs/risk.md).
  await raiseSharedDestination(uid, shared, now);
}
