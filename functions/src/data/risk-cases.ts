/**
 * Risk cases in Firestore (issue 33): risk_cases/{id} and risk_open/{uid} (both server-only), and the
 * affiliate's summary of their open case while it holds, written together. Raising a signal is here, in data/, because the services that detect signals
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
  affiliateCaseSummary,
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
import {
  holdsCommission,
  riskActionLabels,
  riskFamilyInfo,
  ruleFor,
  type RiskAction,
  type RiskFamily,
} from "../domain/risk-rules.js";
import { FieldPath, type Transaction } from "firebase-admin/firestore";
import { getAffiliateOrThrow } from "./affiliates.js";
import { stageMail } from "./mail.js";
import { db, inFilterChunks, refs } from "./firestore.js";
import type { SharedDestination } from "./payout-destinations.js";
import type { SharedDevice } from "./sign-in-devices.js";
import { sharedDeviceSignals } from "../domain/shared-device.js";
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
  // A case opened before risk_open is named on the affiliate alone until npm run migrate:risk-open.
  const openId = (await openCaseOf(uid, tx))?.id ?? affiliate.risk_case?.id ?? null;
  const current = openId ? (await tx.get(refs.riskCase(openId))).data() : undefined;
  const open = current?.status === "open" ? current : undefined;
  const id = open ? openId! : refs.riskCases().doc().id;
  const signalRef = refs.riskSignals(id).doc(signalId(signal.key));
  const added = !(open && (await tx.get(signalRef)).exists);
  const next = !added ? open! : open ? caseWithSignal(open, signal, now) : openCase(uid, signal, now);
  const summary = caseSummary(id, next);
  return {
    id,
    added,
    summary,
    write() {
      if (!added) return;
      tx.set(refs.riskCase(id), next);
      tx.create(signalRef, { key: signal.key, family: signal.family, at: now });
      tx.set(refs.riskOpen(uid), summary);
      // The affiliate's own document names the case only once it holds (affiliateCaseSummary).
      const onAffiliate = affiliateCaseSummary(summary);
      if (onAffiliate || affiliate.risk_case)
        tx.update(refs.affiliate(uid).withConverter(null), { risk_case: onAffiliate });
      stageCaseMails(tx, id, uid, affiliate, open ?? null, next, now);
    },
  };
}

/**
 * The open cases of these affiliates, in brief, by uid (the staff list's risk marks for a page): one query
 * per 30 affiliates, reading only the cases that exist, not a read per row.
 */
export async function openCasesOf(uids: readonly string[]): Promise<Map<string, RiskCaseSummary>> {
  const answers = await Promise.all(
    inFilterChunks(uids).map((chunk) => refs.riskOpens().where(FieldPath.documentId(), "in", chunk).get()),
  );
  return new Map(answers.flatMap((answer) => answer.docs.map((doc) => [doc.id, doc.data()] as const)));
}

/** Every open case in brief, by uid (the whole staff summary's risk marks): one read per open case. */
export async function allOpenCases(): Promise<Map<string, RiskCaseSummary>> {
  const snapshot = await refs.riskOpens().get();
  return new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}

/** The affiliate's open case in brief, or null (read in `tx` when given). */
export async function openCaseOf(uid: string, tx?: Transaction): Promise<RiskCaseSummary | null> {
  const ref = refs.riskOpen(uid);
  return (await (tx ? tx.get(ref) : ref.get())).data() ?? null;
}

/**
 * Raises the family's signal when its rule is on: `signalOf` makes it under the rule's action (null: nothing
 * found). For detectors on a request's path (a postback): run after what the request did has committed, and
 * never failing it (a failure is logged), as the signal is staff's, not the caller's.
 */
export async function raiseByRule(
  uid: string,
  family: RiskFamily,
  signalOf: (action: RiskAction) => RiskSignal | null,
  now: Date,
): Promise<void> {
  try {
    const rule = ruleFor(await riskRulesNow(), family);
    const signal = rule ? signalOf(rule.action) : null;
    if (signal) await raiseSignal(uid, signal, now);
  } catch (error) {
    logger.error("risk signal not raised", { uid, family, error: String(error) });
  }
}

/**
 * A payout destination newly shared (saving payout details put the affiliate into an entry others are in):
 * the signals of domain/risk.ts's sharedDestinationSignals, when the rule is on. Run after the details are
 * saved; a failure is logged, not shown to the affiliate saving (their details are saved all the same).
 */
export async function raiseSharedDestination(uid: string, shared: SharedDestination | null, now: Date): Promise<void> {
  if (!shared || shared.others.length === 0) return;
  await raiseJoinSignals(uid, "shared_destination", now, (action) =>
    sharedDestinationSignals(uid, shared.others, shared.kind, shared.key, action),
  );
}

/**
 * A sign-in device others were seen on lately (a dashboard session recorded the affiliate on it): the signals
 * of domain/shared-device.ts's sharedDeviceSignals, when the rule is on. Run after the session is recorded;
 * a failure is logged, never shown to the affiliate loading their dashboard.
 */
export async function raiseSharedDevice(uid: string, shared: SharedDevice | null, now: Date): Promise<void> {
  if (!shared || shared.others.length === 0) return;
  await raiseJoinSignals(uid, "shared_device", now, (action) =>
    sharedDeviceSignals(uid, shared.others, shared.key, action),
  );
}

/** The signals of an affiliate joining something others share, for each side, under the family's rule. */
async function raiseJoinSignals(
  uid: string,
  family: RiskFamily,
  now: Date,
  signalsOf: (action: RiskAction) => { uid: string; signal: RiskSignal }[],
): Promise<void> {
  const raised = async () => {
    const rule = ruleFor(await riskRulesNow(), family);
    return rule ? signalsOf(rule.action) : [];
  };
  for (const { uid: who, signal } of await raised().catch((error: unknown) => {
    logger.error("risk rules not read", { uid, family, error: String(error) });
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
