/**
 * The staff's daily digest of payouts due (issue 19): every pending payout, the longest waiting first, as
 * one e-mail to the STAFF_DIGEST_EMAILS addresses. Written under the day's id, so a scheduler retry or a
 * second run the same day writes nothing more.
 */
import { dayKey } from "../domain/days.js";
import { mailDoc, mailIds, staffDigestMail, type DuePayout } from "../domain/notifications.js";
import { refs } from "../data/firestore.js";
import { writeMailOnce } from "../data/mail.js";

export async function writeStaffDigest(
  now: Date,
  recipients: string[],
  siteUrl: string,
): Promise<{ written: boolean; due: number }> {
  if (recipients.length === 0) return { written: false, due: 0 };
  const pending = await refs.payouts().where("status", "==", "pending").orderBy("requested_at").get();
  const due: DuePayout[] = pending.docs.map((doc) => {
    const payout = doc.data();
    return {
      invoice_number: doc.id,
      email: payout.invoice.payee.invoice_email,
      amount_cents: payout.amount_cents,
      method: payout.method,
      requested_at: payout.requested_at,
    };
  });
  const day = dayKey(now);
  const written = await writeMailOnce(
    mailIds.staffDigest(day),
    mailDoc(recipients, staffDigestMail(day, due, siteUrl), "staff_digest", null, now),
  );
  return { written, due: due.length };
}
