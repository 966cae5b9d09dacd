/**
 * E-mails as documents for the Trigger Email extension (domain/notifications.ts). An e-mail caused by a
 * change is written in the transaction that makes the change, under an id that names the cause, so it is
 * written exactly when the change is, and once.
 */
import type { Transaction } from "firebase-admin/firestore";
import { collections } from "../domain/model.js";
import type { MailDoc } from "../domain/notifications.js";
import { db } from "./firestore.js";

const mailRef = (id: string) => db().collection(collections.mail).doc(id);

/** Writes the e-mail with the change `tx` makes (create: a second write of one cause fails the transaction). */
export function stageMail(tx: Transaction, id: string, mail: MailDoc): void {
  tx.create(mailRef(id), mail);
}

/** Writes the e-mail unless one with this id was written already; answers whether it wrote it. */
export async function writeMailOnce(id: string, mail: MailDoc): Promise<boolean> {
  try {
    await mailRef(id).create(mail);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 6) return false; // ALREADY_EXISTS: written by an earlier run
    throw error;
  }
}
