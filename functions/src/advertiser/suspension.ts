/**
 * Suspending an affiliate for fraud, and reinstating them (POST /api/set_suspension, staff). A suspended
 * affiliate's sales are recorded but earn nothing, they cannot request a payout and theirs cannot be
 * recorded (SPEC.md's fraud_user). The change, its audit record (who, when, why) and, on a suspension, the
 * affiliate's e-mail are written in one transaction; asking for the state the affiliate is already in
 * changes nothing and sends nothing.
 */
import { summaryRow } from "../domain/advertiser-summary.js";
import type { Recorder } from "../domain/model.js";
import { accountSuspendedMail, mailDoc, mailIds } from "../domain/notifications.js";
import { limits } from "../config.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { db, refs } from "../data/firestore.js";
import { stageMail } from "../data/mail.js";
import { programmeTermsNow } from "../data/programme-settings.js";
import { openCaseOf } from "../data/risk-cases.js";
// What a suspension answers is declared once, in the API's contract.
import type { SuspensionResult } from "../contract/advertiser.js";

export async function setSuspension(
  uid: string,
  suspended: boolean,
  reason: string,
  by: Recorder,
  now: Date,
): Promise<SuspensionResult> {
  const programme = await programmeTermsNow();
  return db().runTransaction(
    async (tx) => {
      const affiliate = await getAffiliateOrThrow(uid, tx);
      const openCase = await openCaseOf(uid, tx);
      if (affiliate.fraud_user === suspended) {
        return {
          user_id: uid,
          fraud_user: suspended,
          changed: false,
          row: summaryRow(affiliate, programme, now, openCase),
        };
      }
      tx.update(refs.affiliate(uid).withConverter(null), { fraud_user: suspended });
      tx.create(refs.suspensionAudit().doc(), {
        uid,
        suspended,
        reason,
        by: { uid: by.uid, email: by.email },
        at: now,
      });
      if (suspended) {
        stageMail(
          tx,
          mailIds.accountSuspended(uid, now),
          mailDoc(
            affiliate.invoice_email || affiliate.email,
            accountSuspendedMail(affiliate.name, reason),
            "account_suspended",
            uid,
            now,
          ),
        );
      }
      return {
        user_id: uid,
        fraud_user: suspended,
        changed: true,
        row: summaryRow({ ...affiliate, fraud_user: suspended }, programme, now, openCase),
      };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}
