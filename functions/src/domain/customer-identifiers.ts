/**
 * Who bought (issue 33's self-referral): what an advertiser may say of the customer behind a sign-up or a
 * sale, in a signed event or a postback. Each is optional and bounded; the product keeps none of them as
 * sent, only a salted hash of each (data/risk-identity.ts), and compares those with the affiliate's own
 * (domain/self-referral.ts). Parsed here, once, for the events API, the postbacks and the contract.
 */
import { z } from "zod";
import { ipVersion } from "./ip-address.js";
import { isPlainText } from "./plain-text.js";

export const identifierKinds = ["customer_id", "customer_email_sha256", "customer_ip", "payment_fingerprint"] as const;
export type IdentifierKind = (typeof identifierKinds)[number];

/** The customer identifiers an event carries, as sent (validated); each absent when not sent. */
export type CustomerIdentifiers = Partial<Record<IdentifierKind, string>>;

/** How staff read each kind in a case's evidence (never its value). */
export const identifierLabels: Record<IdentifierKind, string> = {
  customer_id: "customer id",
  customer_email_sha256: "e-mail",
  customer_ip: "IP address",
  payment_fingerprint: "payment fingerprint",
};

export const maxCustomerIdLength = 128;
export const maxPaymentFingerprintLength = 256;
/** The longest text form of an IPv6 address (an IPv4-mapped one written in full). */
const maxAddressLength = 45;

const plain = (max: number, what: string) =>
  z
    .string()
    .min(1, { error: `must be ${what}: 1 to ${max} characters.` })
    .max(max, { error: `must be ${what}: 1 to ${max} characters.` })
    .refine(isPlainText, { error: "contains characters that are not allowed." });

/** Each identifier's rule, the same in an event's JSON and in a postback's parameters. */
export const customerIdentifierFields = {
  customer_id: plain(maxCustomerIdLength, "the advertiser's own id for the customer").meta({
    description: "The advertiser's own id for the customer (1 to 128 characters). Stored only as a salted hash.",
    example: "cus_8fQ2LmX",
  }),
  customer_email_sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, {
      error: "must be the hex SHA-256 (64 characters) of the customer's e-mail, lower-cased and trimmed.",
    })
    .meta({
      description:
        "Hex SHA-256 of the customer's e-mail, lower-cased and trimmed (the e-mail itself is never sent). Stored only as a salted hash.",
      example: "973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b",
    }),
  customer_ip: z
    .string()
    .max(maxAddressLength, { error: "must be an IPv4 or IPv6 address." })
    .refine((value) => ipVersion(value) !== 0, { error: "must be an IPv4 or IPv6 address." })
    .meta({
      description: "The address the customer bought from, IPv4 or IPv6. Stored only as a salted hash.",
      example: "203.0.113.7",
    }),
  payment_fingerprint: plain(maxPaymentFingerprintLength, "the payment method's fingerprint").meta({
    description:
      "The payment method's fingerprint from the payment processor (a card's fingerprint), or the payer's account: an IBAN, a TRON address or a Wise e-mail (1 to 256 characters). Stored only as a salted hash.",
    example: "fp_1Nc0aZ2eZvKYlo2C",
  }),
};

/** The identifiers present in a parsed body or parameters, or undefined when there are none. */
export function customerIdentifiersOf(values: CustomerIdentifiers): CustomerIdentifiers | undefined {
  const present = Object.fromEntries(
    identifierKinds.flatMap((kind) => (values[kind] === undefined ? [] : [[kind, values[kind]]])),
  ) as CustomerIdentifiers;
  return Object.keys(present).length > 0 ? present : undefined;
}
