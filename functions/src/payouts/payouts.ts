/** Payout requests: checked again on the server, one pending payout at a time, invoices numbered in order. */
import { limits } from "../config.js";
import { payableOf } from "../domain/balance.js";
import { newInvoice } from "../domain/invoice.js";
import type { AffiliateDoc, InvoiceSnapshot, PayoutDoc } from "../domain/model.js";
import { payoutDetailsOf, type PayoutDetails } from "../domain/payout-details.js";
import {
  daysText,
  minimumPayoutText,
  payoutMessage,
  payoutRefusalOf,
  type PayoutRefusal,
  type PayoutRules,
} from "../domain/payout-eligibility.js";
import { affiliatePayoutRules, payoutRulesOf } from "../domain/programme-settings.js";
import { mailDoc, mailIds, payoutIssuedMail, payoutRequestedMail } from "../domain/notifications.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { db, refs } from "../data/firestore.js";
import { stageMail } from "../data/mail.js";
import { stageOwnDestination } from "../data/risk-identity.js";
import { readDestinationMove, type SharedDestination } from "../data/payout-destinations.js";
import { raiseSharedDestination } from "../data/risk-cases.js";
import { programmeTermsNow } from "../data/programme-settings.js";
import { ApiError, type ErrorCode } from "../errors.js";

const refusalCodes: Record<PayoutRefusal, ErrorCode> = {
  suspended: "forbidden",
  underReview: "conflict",
  recentPayout: "conflict",
  pending: "conflict",
  incomplete: "bad_request",
  belowMinimum: "conflict",
};

/** Why staff cannot issue an affiliate's payout, in staff's words (the affiliate hears SPEC.md's). */
function issueRefusal(refusal: PayoutRefusal, rules: PayoutRules): string {
  switch (refusal) {
    case "suspended":
      return "Suspended: a suspended account is not paid.";
    case "underReview":
      return "Under risk review: payouts wait until staff resolve the case.";
    case "recentPayout":
      return `Paid in the last ${daysText(rules.intervalDays)}.`;
    case "pending":
      return "A payout is already pending.";
    case "incomplete":
      return "Payout details are incomplete.";
    case "belowMinimum":
      return `Less than ${minimumPayoutText(rules)} is payable.`;
  }
}

type RefusalText = (refusal: PayoutRefusal, rules: PayoutRules) => string;

function refuseIfIneligible(
  affiliate: AffiliateDoc,
  details: PayoutDetails,
  now: Date,
  rules: PayoutRules,
  message: RefusalText,
): void {
  const refusal = payoutRefusalOf(affiliate, now, details, rules);
  if (refusal) throw new ApiError(refusalCodes[refusal], message(refusal, rules));
}

/**
 * Requests a payout of the whole payable balance (commission past its hold), computed here (never from the
 * client's price): stores the details it was requested with, creates the pending payout with the next
 * invoice number, and marks the affiliate pending, all in one transaction. Concurrent requests make
 * exactly one payout.
 */
export function requestPayout(uid: string, details: PayoutDetails, now: Date): Promise<InvoiceSnapshot> {
  return makePayout(uid, () => details, now, "payout_requested");
}

/**
 * Issues the payout of an affiliate whose balance is due though they have not asked (issue 19's due
 * payouts, by staff): exactly as their own request would, with the details they have stored, under the
 * same rules, and an e-mail that says it was issued for them.
 */
export function issuePayout(uid: string, now: Date): Promise<InvoiceSnapshot> {
  return makePayout(uid, payoutDetailsOf, now, "payout_issued");
}

async function makePayout(
  uid: string,
  detailsFor: (affiliate: AffiliateDoc) => PayoutDetails,
  now: Date,
  cause: "payout_requested" | "payout_issued",
): Promise<InvoiceSnapshot> {
  // Refuse the obvious cases (a payout already pending, say) without queueing for the transaction.
  const [current, programme] = await Promise.all([getAffiliateOrThrow(uid), programmeTermsNow(now)]);
  // The minimum is the affiliate's (their deal's or group's, else the programme's: issue 34).
  const rulesOf = (affiliate: AffiliateDoc) => affiliatePayoutRules(affiliate, payoutRulesOf(programme), now);
  const message = cause === "payout_issued" ? issueRefusal : payoutMessage;
  refuseIfIneligible(current, detailsFor(current), now, rulesOf(current), message);
  let shared: SharedDestination | null = null;
  const issued = await db().runTransaction(
    async (tx) => {
      const affiliate = await getAffiliateOrThrow(uid, tx);
      const counter = await tx.get(refs.invoiceCounter());
      const details = detailsFor(affiliate);
      refuseIfIneligible(affiliate, details, now, rulesOf(affiliate), message);
      // The request stores the details it was made with: the index of shared destinations follows them.
      const destination = await readDestinationMove(tx, uid, details, now);

      const sequence = ((counter.data()?.last as number | undefined) ?? 0) + 1;
      const amount = payableOf(affiliate, now);
      const invoice = newInvoice(sequence, now, amount, details);
      const payout: PayoutDoc = {
        uid,
        amount_cents: amount,
        status: "pending",
        method: details.payout_type,
        requested_at: now,
        paid_at: null,
        invoice,
      };
      tx.set(refs.invoiceCounter(), { last: sequence });
      tx.create(refs.payouts().doc(invoice.invoice_number), payout);
      tx.update(refs.affiliate(uid).withConverter(null), {
        ...details,
        payout_pending: true,
        pending_payout_id: invoice.invoice_number,
        latest_invoice: invoice,
      });
      destination.write();
      if (destination.changes) stageOwnDestination(tx, uid, details, now);
      shared = destination.shared;
      const to = details.invoice_email || affiliate.email;
      const mail = cause === "payout_issued" ? payoutIssuedMail(invoice) : payoutRequestedMail(invoice);
      stageMail(tx, mailIds.payoutRequested(invoice.invoice_number), mailDoc(to, mail, cause, uid, now));
      return invoice;
    },
    { maxAttempts: limits.transactionAttempts },
  );
  // A destination other affiliates use raises the shared-destination risk signal (issue 33, docs/risk.md).
  await raiseSharedDestination(uid, shared, now);
  return issued;
}

/**
 * A payout's invoice, and when it was paid (null while pending), for its affiliate or for staff only.
 * Someone else's invoice is answered exactly as one that does not exist (404), so the answer never tells
 * whether an invoice number is in use.
 */
export async function invoiceFor(
  invoiceNumber: string,
  caller: { uid: string; staff: boolean },
): Promise<Pick<PayoutDoc, "invoice" | "paid_at">> {
  const payout = (await refs.payouts().doc(invoiceNumber).get()).data();
  if (!payout || (payout.uid !== caller.uid && !caller.staff)) {
    throw new ApiError("not_found", `No invoice ${invoiceNumber}.`);
  }
  return { invoice: payout.invoice, paid_at: payout.paid_at };
}
