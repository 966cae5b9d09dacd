/**
 * Risk cases in Firestore (issue 33): risk_cases/{id} (server-only) and the affiliate's summary of their open
 * case, written together. Raising a signal is here, in data/, because the services that detect signals
 * (accounts, payouts, and later the ledger and tracking) may not import one another.
 */
import { logger } from "firebase-functions/logger";
import { limits, siteUrl, staffDigestEmails } from "../config.js";
import {
  mailDoc,
  mailIds,
  riskCaseStaffMail,
  riskReviewEndedMail,
  riskReviewOpenedMail,
} from "../domain/notifications.js";
import type { AffiliateDoc } from "../domain/model.js";
import {
  caseSummary,
  caseWithSignal,
  openCase,
  reviewReasons,
  sharedDestinationSignals,
  signalId,
  type RiskCaseDoc,
  type RiskCaseSummary,
  type RiskResolution,
  type RiskSignal,
} from "../domain/risk.js";
import { holdsCommission, riskActionLabels, riskFamilyInfo, ruleFor } from "../domain/risk-rules.js";
import type { Transaction } from "firebase-admin/firestore";
import { getAffiliateOrThrow } from "./affiliates.js";
import { stageMail } from "./mail.js";
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
      const staged = await stageSignal(tx, uid, signal, now);
      staged.write();
      return { id: staged.id, added: staged.added };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}

/** A signal read into a transaction: the case it goes to, as it will be, and the writes that put it there. */
export interface StagedSignal {
  id: string;
  /** False when the open case has this signal already (write() then writes nothing). */
  added: boolean;
  /** The case once written, in brief: what a sale in the same transaction is held by. */
  summary: RiskCaseSummary;
  write(): void;
}

/**
 * raiseSignal's work inside a caller's transaction (the ledger's, for a self-referral found on the sale it
 * is recording, so that very sale is held by the case): the reads now, the writes when the caller calls
 * write(), after its own reads (a transaction reads before it writes).
 */
export async function stageSignal(tx: Transaction, uid: string, signal: RiskSignal, now: Date): Promise<StagedSignal> {
  const affiliate = await getAffiliateOrThrow(uid, tx);
  const openId = affiliate.risk_case?.id ?? null;
  const current = openId ? (await tx.get(refs.riskCase(openId))).data() : undefined;
  const open = current?.status === "open" ? current : undefined;
  const id = open ? openId! : refs.riskCases().doc().id;
  const signalRef = refs.riskSignals(id).doc(signalId(signal.key));
  const added = !(open && (await tx.get(signalRef)).exists);
  const next = !added ? open! : open ? caseWithSignal(open, signal, now) : openCase(uid, signal, now);
  return {
    id,
    added,
    summary: caseSummary(id, next),
    write() {
      if (!added) return;
      tx.set(refs.riskCase(id), next);
      tx.create(signalRef, { key: signal.key, family: signal.family, at: now });
      tx.update(refs.affiliate(uid).withConverter(null), { risk_case: caseSummary(id, next) });
      stageCaseMails(tx, id, uid, affiliate, open ?? null, next, now);
    },
  };
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

/** The Risk section's address of a case, for staff's e-mails. */
export const caseUrl = (id: string): string => `${siteUrl()}/advertiser/risk?case=${encodeURIComponent(id)}`;

/**
 * The e-mails a signal's write causes, staged with it (data/mail.ts): staff hear of a new case (when a staff
 * address is set), and the affiliate hears their account is under review once their case first holds money
 * (a case that only flags tells them nothing). Ids name the case, so each is written once.
 */
function stageCaseMails(
  tx: Transaction,
  id: string,
  uid: string,
  affiliate: AffiliateDoc,
  before: RiskCaseDoc | null,
  after: RiskCaseDoc,
  now: Date,
): void {
  const staff = staffDigestEmails();
  const who = affiliate.name || affiliate.email || uid;
  if (!before && staff.length > 0) {
    const mail = riskCaseStaffMail(
      {
        kind: "opened",
        affiliate: who,
        families: after.families.map((family) => riskFamilyInfo[family].label),
        action: riskActionLabels[after.action],
        details: after.events.map((event) => event.evidence.detail),
      },
      caseUrl(id),
    );
    stageMail(tx, mailIds.riskCaseOpened(id), mailDoc(staff, mail, "risk_case_staff", uid, now));
  }
  const to = affiliate.invoice_email || affiliate.email;
  if (to && holdsCommission(after.action) && !(before && holdsCommission(before.action))) {
    const mail = riskReviewOpenedMail(affiliate.name, reviewReasons(after.families));
    stageMail(tx, mailIds.riskReviewOpened(id), mailDoc(to, mail, "risk_review_opened", uid, now));
  }
}

/**
 * The e-mails a case's resolution causes, staged with it: the affiliate hears how their review ended when
 * the case held money (they were told it opened), and staff hear who resolved it and why.
 */
export function stageResolutionMails(
  tx: Transaction,
  id: string,
  riskCase: RiskCaseDoc,
  affiliate: AffiliateDoc,
  resolution: RiskResolution,
  now: Date,
): void {
  const { uid } = riskCase;
  const to = affiliate.invoice_email || affiliate.email;
  if (to && holdsCommission(riskCase.action)) {
    const mail = riskReviewEndedMail(affiliate.name, resolution.outcome, resolution.held_cents, resolution.note);
    stageMail(tx, mailIds.riskReviewEnded(id), mailDoc(to, mail, "risk_review_ended", uid, now));
  }
  const staff = staffDigestEmails();
  if (staff.length > 0) {
    const mail = riskCaseStaffMail(
      {
        kind: "resolved",
        affiliate: affiliate.name || affiliate.email || uid,
        outcome: resolution.outcome,
        by: resolution.by.email,
        heldCents: resolution.held_cents,
        note: resolution.note,
      },
      caseUrl(id),
    );
    stageMail(tx, mailIds.riskCaseResolved(id), mailDoc(staff, mail, "risk_case_staff", uid, now));
  }
}
