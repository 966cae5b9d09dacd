/**
 * Risk cases in Firestore (issue 33): risk_cases/{id} (server-only) and the affiliate's summary of their open
 * case, written together. Raising a signal is here, in data/, because the services that detect signals
 * (accounts, payouts, and later the ledger and tracking) may not import one another.
 */
import { logger } from "firebase-functions/logger";
import { limits } from "../config.js";
import type { RiskSignal } from "../domain/risk.js";
import { caseSummary, caseWithSignal, openCase, sharedDestinationSignals, signalId } from "../domain/risk.js";
import { ruleFor } from "../domain/risk-rules.js";
import { getAffiliateOrThrow } from "./affiliates.js";
import { db, refs } from "./firestore.js";
import type { SharedDestination } from "./payout-destinations.js";
import { riskRulesNow } from "./programme-settings.js";

/**
 * Adds the signal to the affiliate's open case, or opens one with it, in one transaction that also keeps the
 * affiliate's summary. The same signal (its key) already in the open case adds nothing. Answers the case id
 * and whether the signal was new.
 */
export async function raiseSignal(uid: string, signal: RiskSignal, now: Date): Promise<{ id: string; added: boolean }> {
  return db().runTransaction(
    async (tx) => {
      const affiliate = await getAffiliateOrThrow(uid, tx);
      const openId = affiliate.risk_case?.id ?? null;
      const current = openId ? (await tx.get(refs.riskCase(openId))).data() : undefined;
      const open = current?.status === "open" ? current : undefined;
      const id = open ? openId! : refs.riskCases().doc().id;
      const signalRef = refs.riskSignals(id).doc(signalId(signal.key));
      if (open && (await tx.get(signalRef)).exists) return { id, added: false };
      const next = open ? caseWithSignal(open, signal, now) : openCase(uid, signal, now);
      tx.set(refs.riskCase(id), next);
      tx.create(signalRef, { key: signal.key, family: signal.family, at: now });
      tx.update(refs.affiliate(uid).withConverter(null), { risk_case: caseSummary(id, next) });
      return { id, added: true };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}

/**
 * A payout destination newly shared (saving payout details put the affiliate into an entry others are in):
 * the signals of domain/risk.ts's sharedDestinationSignals, when the rule is on. Run after the details are
 * saved; a failure is logged, not shown to the affiliate saving (their details are saved all the same).
 */
export async function raiseSharedDestination(uid: string, shared: SharedDestination | null, now: Date): Promise<void> {
  if (!shared || shared.others.length === 0) return;
  const raised = async () => {
    const rule = ruleFor(await riskRulesNow(), "shared_destination");
    if (!rule) return [];
    return sharedDestinationSignals(uid, shared.others, shared.kind, shared.key, rule.action);
  };
  for (const { uid: who, signal } of await raised().catch((error: unknown) => {
    logger.error("risk rules not read", { uid, family: "shared_destination", error: String(error) });
    return [];
  })) {
    try {
      await raiseSignal(who, signal, now);
    } catch (error) {
      // An account deleted since it joined the entry, or a store failure: the other signals still go.
      logger.error("risk signal not raised", { uid: who, family: signal.family, error: String(error) });
    }
  }
}
