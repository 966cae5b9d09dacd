/**
 * The admin's Set Uid box finds an affiliate by what the admin knows: the uid, the e-mail (the account's or
 * the invoice e-mail) or the exact name, and failing those the start of any of them (a name from any of its
 * words, an e-mail, its local part or domain, the uid: the advertiser list's search keys, issue 32). Reads
 * the affiliates collection directly, which the rules allow the admin (and staff) only; at most a handful of
 * documents per search.
 */
import { getDoc, getDocs, limit, query, where, type Firestore } from "firebase/firestore";
import type { AffiliateDoc } from "@domain/model";
import { matchesSearch, searchKeyOf } from "@domain/summary-keys";
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

/**
 * The affiliates whose name (from any word), e-mail, its local part or domain, or uid starts with the text,
 * through the search keys each affiliate document keeps (domain/summary-keys.ts); a text longer than a key is
 * looked up by its start and checked in full.
 */
async function findByStart(db: Firestore, text: string) {
  const key = searchKeyOf(text);
  if (key === null) return [];
  const found = query(refs.affiliates(db), where("search_keys", "array-contains", key), limit(maxMatches + 1));
  return (await getDocs(found)).docs
    .map((doc) => doc.data())
    .filter((affiliate) => matchesSearch(affiliate, text))
    .map(matchOf);
}

/** The affiliates the text names, best guess first: a uid, else an e-mail, else a name, else their start. */
export async function findAffiliates(db: Firestore, text: string): Promise<AffiliateMatch[]> {
  const wanted = text.trim();
  if (!wanted) return [];
  const exact = await findExactly(db, wanted);
  return exact.length > 0 ? exact : findByStart(db, wanted);
}

async function findExactly(db: Firestore, wanted: string): Promise<AffiliateMatch[]> {
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
