/**
 * Self-referral on the ledger's path (issue 33, docs/risk.md): a sign-up or sale whose customer identifiers
 * match the affiliate's own raises the self_referral signal in the event's own transaction, so a sale that
 * matches is held by the case it opens (or adds to), exactly once with the event: a retry is a duplicate
 * and raises nothing. An event without identifiers reads nothing more; one with them reads the affiliate's
 * identity (one document), and only a match reads the rule and the case.
 */
import type { Transaction } from "firebase-admin/firestore";
import type { AdvertiserEvent } from "../domain/events.js";
import type { CustomerIdentifiers } from "../domain/customer-identifiers.js";
import type { RiskSignal } from "../domain/risk.js";
import { ruleFor } from "../domain/risk-rules.js";
import { identityWithCustomer, matchedKinds, selfReferralSignal } from "../domain/self-referral.js";
import { riskRulesNow } from "../data/programme-settings.js";
import { stageSignal, type StagedSignal } from "../data/risk-cases.js";
import { identityRef, readIdentity } from "../data/risk-identity.js";

/**
 * Before the event's transaction: the signal the customer's keys raise, or null (no match, or the rule off).
 * The identity is read outside the transaction: it changes with the affiliate's sessions, not with events.
 */
export async function selfReferralOf(event: AdvertiserEvent, keys: CustomerIdentifiers): Promise<RiskSignal | null> {
  if (event.type !== "sale" && event.type !== "sign_up") return null;
  const kinds = matchedKinds(keys, await readIdentity(event.uid));
  if (kinds.length === 0) return null;
  const rule = ruleFor(await riskRulesNow(), "self_referral");
  return rule ? selfReferralSignal(event, kinds, rule.action) : null;
}

/**
 * In the event's transaction, once it is known not to be a duplicate: the case the signal goes to, and the
 * customer id (when sent) learnt as the affiliate's own, so a later renewal that names only it matches too.
 */
export async function stageSelfReferral(
  tx: Transaction,
  uid: string,
  signal: RiskSignal,
  customerIdKey: string | undefined,
  now: Date,
): Promise<StagedSignal> {
  const [staged, identity] = await Promise.all([
    stageSignal(tx, uid, signal, now),
    customerIdKey === undefined ? null : readIdentity(uid, tx),
  ]);
  const learnt = customerIdKey === undefined ? null : identityWithCustomer(identity, customerIdKey, now);
  return {
    ...staged,
    write() {
      staged.write();
      if (learnt) tx.set(identityRef(uid), learnt);
    },
  };
}
