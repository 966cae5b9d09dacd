/**
 * International bank accounts (issue 32): an IBAN and its bank's BIC, checked. The
 * checks are ibantools' (each country's length and layout from the IBAN registry, the ISO 7064 check
 * digits, and the national account checksums some countries add), so a mistyped character is caught
 * before a payout goes to nobody. Each problem is said in words a marketer uses. Only the details form and
 * the update request load this (and the library); the formatting is in iban-format.ts.
 */
import {
  getCountrySpecifications,
  validateBIC,
  validateIBAN,
  ValidationErrorsBIC,
  ValidationErrorsIBAN,
} from "ibantools";
import { normaliseBic, normaliseIban } from "./iban-format.js";

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** A country's name as a sentence has it: "Germany", "the United Kingdom", "the Netherlands". */
const countryName = (code: string): string => {
  const name = regionNames.of(code) ?? code;
  return /^United |Republic|Islands$|^Netherlands$|^Seychelles$|^Philippines$/.test(name) ? `the ${name}` : name;
};

/**
 * What is wrong with an IBAN, or null when it is valid (spaces and lower case are fine: it is normalised
 * first). Swiss QR-IBANs are refused: they take QR-bill payments only, not a transfer to an account.
 */
export function ibanProblem(text: string): string | null {
  const iban = normaliseIban(text);
  if (iban === "") return "IBAN is required.";
  if (!/^[A-Z0-9]+$/.test(iban)) return "An IBAN has only letters and digits: check it for a typo.";
  const country = iban.slice(0, 2);
  const spec = /^[A-Z]{2}$/.test(country) ? getCountrySpecifications()[country] : undefined;
  if (!spec) return "An IBAN starts with its country's two letters, such as DE or FR: check the start.";
  // A country without IBANs: a US account goes by SPEC.md's wire, any other by Wise.
  if (!spec.chars)
    return `Accounts in ${countryName(country)} have no IBAN: choose ${country === "US" ? "Wire Transfer" : "Wise"} instead.`;
  const { errorCodes } = validateIBAN(iban, { allowQRIBAN: false });
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength))
    return `An IBAN from ${countryName(country)} has ${spec.chars} characters and this one has ${iban.length}: check for a missing or extra character.`;
  if (errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber))
    return "An IBAN's third and fourth characters are digits: check it for a typo.";
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return `This IBAN has letters or digits where one from ${countryName(country)} has none: check it for a typo.`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return "This IBAN's check digits do not match: check it for a typo.";
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return "This IBAN's account number fails its bank's own check: check it for a typo.";
  if (errorCodes.includes(ValidationErrorsIBAN.QRIBANNotAllowed))
    return "This is a QR-IBAN, which takes QR-bill payments only: enter your account's ordinary IBAN.";
  return errorCodes.length > 0 ? "This IBAN is not valid: check it for a typo." : null;
}

export const isIban = (text: string): boolean => ibanProblem(text) === null;

/** What is wrong with a BIC, or null when it is valid (8 or 11 characters, a real country in the 5th and 6th). */
export function bicProblem(text: string): string | null {
  const bic = normaliseBic(text);
  if (!/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) return "must be 8 or 11 letters and digits.";
  const { errorCodes } = validateBIC(bic);
  if (errorCodes.includes(ValidationErrorsBIC.NoBICCountry))
    return "has no country in its 5th and 6th letters (DE, FR, GB…): check it for a typo.";
  if (errorCodes.length > 0)
    return "starts with six letters (the bank's four, then its country's two): check it for a typo.";
  return null;
}
