/**
 * The fields the advertiser list is queried by on the server (issue 20: paged at 100,000 affiliates): the
 * balance it is ordered by, the margin that says HIGH RISK, and the prefixes search matches. They are made
 * of other fields of the affiliate document and stored beside them, so that Firestore's indexes can order,
 * filter and page the list; every write that changes what they are made of changes them in the same write.
 */
import type { Cents } from "./money.js";

/** What the keys are made of: the affiliate's totals, its names, its uid. */
export interface SummaryKeySource {
  uid: string;
  name: string;
  email: string;
  total_earnings_cents: Cents;
  total_refunded_cents: Cents;
  total_payouts_cents: Cents;
  total_sign_ups: number;
}

export interface SummaryKeys {
  /**
   * Earnings − refunded − payouts, not floored at 0 as the balance shown is (domain/balance.ts), so that
   * every change to it is an increment: the list's balance order. An affiliate owing a clawback after a
   * payout sorts below those at zero.
   */
  owed_cents: Cents;
  /**
   * Earnings − $1 for each sign-up: above 0, with at least one sign-up, is HIGH RISK (more than $1 earned
   * per sign-up, domain/rating.ts), also kept by increments.
   */
  risk_margin_cents: Cents;
  /** The search prefixes (searchKeysOf): what `array-contains` matches a search by. */
  search_keys: string[];
}

/** $1 per sign-up: the HIGH RISK line (domain/rating.ts). */
export const riskLineCentsPerSignUp = 100;

/** What a ledger change adds to the two money keys, from what it adds to the totals. */
export function summaryKeyIncrements(figures: {
  earningsCents: Cents;
  refundedCents: Cents;
  payoutsCents: Cents;
  signUps: number;
}): Pick<SummaryKeys, "owed_cents" | "risk_margin_cents"> {
  return {
    owed_cents: figures.earningsCents - figures.refundedCents - figures.payoutsCents,
    risk_margin_cents: figures.earningsCents - riskLineCentsPerSignUp * figures.signUps,
  };
}

/** The money keys of an affiliate as it stands. */
export function moneyKeysOf(affiliate: Omit<SummaryKeySource, "uid" | "name" | "email">) {
  return summaryKeyIncrements({
    earningsCents: affiliate.total_earnings_cents,
    refundedCents: affiliate.total_refunded_cents,
    payoutsCents: affiliate.total_payouts_cents,
    signUps: affiliate.total_sign_ups,
  });
}

/** Every key of an affiliate as it stands. */
export function summaryKeysOf(affiliate: SummaryKeySource): SummaryKeys {
  return { ...moneyKeysOf(affiliate), search_keys: searchKeysOf(affiliate) };
}

/**
 * Prefixes are stored up to this length: a longer search is looked up by its first characters and the
 * answers checked in full (matchesSearch). It bounds the keys to a few hundred short strings.
 */
export const searchKeyLength = 24;

/** A search as it is matched: lowercased, trimmed, inner spaces collapsed. */
export function normalizeSearch(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, " ");
}

/**
 * What a search may start: the name from each of its words on, the e-mail, its local part and domain, and
 * the uid, lowercased. "Jane van Doe <jane.doe@mail.example>" is found by "jane v", "van d", "doe",
 * "jane.doe@", "mail.ex" or the start of the uid.
 */
export function searchTokens({ uid, name, email }: Pick<SummaryKeySource, "uid" | "name" | "email">): string[] {
  const words = normalizeSearch(name).split(" ");
  const mail = normalizeSearch(email);
  const [local = "", domain = ""] = mail.split("@");
  const tokens = [...words.map((_, index) => words.slice(index).join(" ")), mail, local, domain, uid.toLowerCase()];
  return [...new Set(tokens.filter((token) => token !== ""))];
}

/** Every prefix of every token, up to searchKeyLength characters. */
export function searchKeysOf(source: Pick<SummaryKeySource, "uid" | "name" | "email">): string[] {
  const keys = new Set<string>();
  for (const token of searchTokens(source)) {
    const longest = Math.min(token.length, searchKeyLength);
    for (let length = 1; length <= longest; length++) keys.add(token.slice(0, length));
  }
  return [...keys];
}

/** The key a search is looked up by (its first searchKeyLength characters), or null for an empty search. */
export function searchKeyOf(search: string): string | null {
  const normalized = normalizeSearch(search);
  return normalized === "" ? null : normalized.slice(0, searchKeyLength);
}

/** Whether a search matches the affiliate: it starts one of its tokens. */
export function matchesSearch(source: Pick<SummaryKeySource, "uid" | "name" | "email">, search: string): boolean {
  const normalized = normalizeSearch(search);
  return normalized === "" || searchTokens(source).some((token) => token.startsWith(normalized));
}
