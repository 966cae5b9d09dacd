/**
 * Where an affiliate's money goes, as one canonical text (issue 33's "one person, several accounts"): two
 * affiliates whose payouts go to the same Wise account, TRON address or bank account are very likely one
 * person. Each way of writing one destination gives one text, and different destinations different texts;
 * the index of who shares a destination stores only a salted hash of it (data/payout-destinations.ts).
 * Server-side only (it loads ibantools); what staff read of the signal is in shared-destination.ts.
 */
import { normaliseBic, normaliseIban } from "./iban-format.js";
import { isIban } from "./iban.js";
import type { PayoutDetails } from "./payout-details.js";
import type { DestinationKind } from "./shared-destination.js";

export interface CanonicalDestination {
  kind: DestinationKind;
  /** The destination in one writing: the same for every way of writing it, different for another one. */
  text: string;
}

/** A Wise account's e-mail: trimmed, lower case (e-mail providers treat the address without case). */
export const normaliseWiseEmail = (email: string): string => email.trim().toLowerCase();

/** A TRON address, exactly: Base58 tells upper from lower case, so only the spaces around it go. */
export const normaliseTronAddress = (address: string): string => address.trim();

/** A bank account number or routing number: no spaces or dashes, upper case (letters in one are not cased). */
export const normaliseAccountNumber = (text: string): string => text.replace(/[\s-]+/g, "").toUpperCase();

/**
 * The destination the affiliate's payouts go to by their payout method, or null when its field is empty.
 * A bank account given as an IBAN is the same account whichever method names it (a Wire Transfer whose
 * account number is an IBAN, or a Bank Transfer (IBAN)), so both give the IBAN's text; the BIC names the
 * bank, which an IBAN already holds, so it is left out. A US account is its routing and account numbers.
 */
export function canonicalDestination(details: PayoutDetails): CanonicalDestination | null {
  switch (details.payout_type) {
    case "Wise": {
      const email = normaliseWiseEmail(details.paypal_payout_account);
      return email === "" ? null : { kind: "wise", text: `wise:${email}` };
    }
    case "Crypto (TRON)": {
      const address = normaliseTronAddress(details.tron_address);
      return address === "" ? null : { kind: "tron", text: `tron:${address}` };
    }
    case "Bank Transfer (IBAN)":
      return ibanDestination(details.iban);
    case "Wire Transfer": {
      const account = normaliseAccountNumber(details.bank_account_number);
      if (account === "") return null;
      if (isIban(account)) return ibanDestination(account);
      const routing = normaliseAccountNumber(details.fedwire_routing_number);
      // Without a routing number (a wire by SWIFT alone), the bank is named by its BIC.
      const bank = routing !== "" ? routing : normaliseBic(details.swift_BIC);
      return { kind: "bank", text: `bank:${bank}:${account}` };
    }
  }
}

function ibanDestination(text: string): CanonicalDestination | null {
  const iban = normaliseIban(text);
  return iban === "" ? null : { kind: "bank", text: `iban:${iban}` };
}
