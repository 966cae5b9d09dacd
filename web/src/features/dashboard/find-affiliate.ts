/**
 * The admin's Set Uid box finds an affiliate by what the admin knows: the uid, the e-mail (the account's or
 * the invoice e-mail) or the exact name. Reads the affiliates collection directly, which the rules allow the
 * admin (and staff) only; at most a handful of documents per search.
 */
import { getDoc, getDocs, limit, query, where, type Firestore } from "firebase/firestore";
import type { AffiliateDoc } from "@domain/model";
import { refs } from "../../lib/firestore-refs";

export interface AffiliateMatch {
  uid: string;
  name: string;
  email: string;
}

/** More than this many matches are not listed: the admin should search by something more precise. */
export const maxMatches = 10;

const matchOf = (affiliate: AffiliateDoc): AffiliateMatch => ({
  uid: affiliate.uid,
  name: affiliate.name,
  email: affiliate.email,
});

async function findBy(db: Firestore, field: "email" | "invoice_email" | "name", value: string) {
  const snapshot = await getDocs(query(refs.affiliates(db), where(field, "==", value), limit(maxMatches + 1)));
  return snapshot.docs.map((doc) => matchOf(doc.data()));
}

/** The affiliates the text names, best guess first: a uid, else an e-mail, else a name. */
export async function findAffiliates(db: Firestore, text: string): Promise<AffiliateMatch[]> {
  const wanted = text.trim();
  if (!wanted) return [];
  if (wanted.includes("@")) {
    const byAccount = await findBy(db, "email", wanted.toLowerCase());
    return byAccount.length > 0 ? byAccount : findBy(db, "invoice_email", wanted);
  }
  // Document ids cannot hold "/": such text can only be a name.
  if (!wanted.includes("/")) {
    const byUid = await getDoc(refs.affiliate(db, wanted));
    if (byUid.exists()) return [matchOf(byUid.data())];
  }
  return findBy(db, "name", wanted);
}
