import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  canonicalDestination,
  normaliseAccountNumber,
  normaliseTronAddress,
  normaliseWiseEmail,
} from "./payout-destination.js";
import { emptyPayoutDetails, type PayoutDetails } from "./payout-details.js";
import {
  entryWith,
  entryWithout,
  maxNamedPerDestination,
  othersSharing,
  sharedDestinationLine,
  type PayoutDestinationDoc,
} from "./shared-destination.js";

const now = new Date("2026-11-26T12:00:00Z");
const wise = (email: string): PayoutDetails => ({
  ...emptyPayoutDetails,
  payout_type: "Wise",
  paypal_payout_account: email,
});
const tron = (address: string): PayoutDetails => ({
  ...emptyPayoutDetails,
  payout_type: "Crypto (TRON)",
  tron_address: address,
});
const ibanTransfer = (iban: string): PayoutDetails => ({
  ...emptyPayoutDetails,
  payout_type: "Bank Transfer (IBAN)",
  iban,
  swift_BIC: "COBADEFFXXX",
});
const wire = (account: string, routing = "021000021", bic = ""): PayoutDetails => ({
  ...emptyPayoutDetails,
  payout_type: "Wire Transfer",
  bank_account_number: account,
  fedwire_routing_number: routing,
  swift_BIC: bic,
});
const textOf = (details: PayoutDetails) => canonicalDestination(details)?.text;

/** One text written another way: its letters in any case, spaces (and tabs) around it and between. */
const spacedAndCased = (text: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }),
      fc.array(fc.constantFrom("", "", " ", "  ", "\t"), { minLength: text.length + 1, maxLength: text.length + 1 }),
    )
    .map(
      ([upper, gaps]) =>
        [...text].map((char, i) => gaps[i]! + (upper[i] ? char.toUpperCase() : char.toLowerCase())).join("") +
        gaps[text.length]!,
    );

const emails = fc.emailAddress().filter((email) => email.length <= 254);
const ibans = ["DE89370400440532013000", "GB82WEST12345698765432", "FR1420041010050500013M02606", "NL91ABNA0417164300"];
const accountNumbers = fc.stringMatching(/^[A-Z0-9]{4,17}$/).filter((account) => !/^[A-Z]{2}\d{2}/.test(account));

describe("normalisation", () => {
  test("each normaliser is idempotent", () => {
    for (const normalise of [normaliseWiseEmail, normaliseTronAddress, normaliseAccountNumber]) {
      fc.assert(
        fc.property(fc.string(), (text) => {
          expect(normalise(normalise(text))).toBe(normalise(text));
        }),
      );
    }
  });

  test("the canonical text of a canonical destination is itself (normalising twice changes nothing)", () => {
    fc.assert(
      fc.property(emails, (email) => {
        const once = textOf(wise(email))!;
        expect(textOf(wise(once.slice("wise:".length)))).toBe(once);
      }),
    );
  });
});

describe("one destination, one text", () => {
  test("a Wise e-mail in any case and with spaces around it", () => {
    fc.assert(
      fc.property(emails, fc.boolean(), fc.constantFrom("", " ", "\t "), (email, upper, pad) => {
        const variant = `${pad}${upper ? email.toUpperCase() : email}${pad}`;
        expect(textOf(wise(variant))).toBe(textOf(wise(email)));
      }),
    );
  });

  test("an IBAN with spaces in any place and in any case, for a Bank Transfer and for a wire", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ibans).chain((iban) => fc.tuple(fc.constant(iban), spacedAndCased(iban))),
        ([iban, variant]) => {
          expect(textOf(ibanTransfer(variant))).toBe(`iban:${iban}`);
          // The same account named as a Wire Transfer's account number is the same destination.
          expect(textOf(wire(variant, "", ""))).toBe(`iban:${iban}`);
        },
      ),
    );
  });

  test("a wire's account number with spaces, dashes and any case; its BIC changes nothing", () => {
    fc.assert(
      fc.property(
        accountNumbers.chain((account) => fc.tuple(fc.constant(account), spacedAndCased(account))),
        ([account, variant]) => {
          expect(textOf(wire(variant.replace(/\t/g, "-"), "021000021", "CHASUS33"))).toBe(
            textOf(wire(account, "021000021")),
          );
        },
      ),
    );
  });

  test("a TRON address is kept exactly, but for the spaces around it", () => {
    const address = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
    expect(textOf(tron(`  ${address}\t`))).toBe(`tron:${address}`);
    // Base58 tells the cases apart: another case is another address.
    expect(textOf(tron(address.toLowerCase()))).not.toBe(textOf(tron(address)));
  });
});

describe("different destinations, different texts", () => {
  test("two Wise e-mails that differ other than by case", () => {
    fc.assert(
      fc.property(emails, emails, (a, b) => {
        fc.pre(a.toLowerCase() !== b.toLowerCase());
        expect(textOf(wise(a))).not.toBe(textOf(wise(b)));
      }),
    );
  });

  test("two accounts, or one account number at two banks", () => {
    fc.assert(
      fc.property(accountNumbers, accountNumbers, (a, b) => {
        fc.pre(a !== b);
        expect(textOf(wire(a))).not.toBe(textOf(wire(b)));
      }),
    );
    expect(textOf(wire("12345678", "021000021"))).not.toBe(textOf(wire("12345678", "026009593")));
  });

  test("the same characters by two methods are two destinations", () => {
    const texts = [
      textOf(wise("a@b.co")),
      textOf(tron("a@b.co")),
      textOf(wire("ABCD1234")),
      textOf(ibanTransfer(ibans[0]!)),
    ];
    expect(new Set(texts).size).toBe(texts.length);
  });

  test("only the method's own field counts; an empty one is no destination", () => {
    expect(canonicalDestination({ ...wise(""), tron_address: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7" })).toBeNull();
    expect(canonicalDestination(ibanTransfer("  "))).toBeNull();
    expect(canonicalDestination(wire(""))).toBeNull();
    expect(canonicalDestination(wise("Dana@Wise.test"))).toEqual({ kind: "wise", text: "wise:dana@wise.test" });
  });
});

describe("an entry of the index", () => {
  const first = entryWith(null, "a", "wise", now).entry;

  test("names who joins, in order, and is shared from the second", () => {
    expect(first).toMatchObject({ uids: ["a"], more: 0, shared: false });
    const second = entryWith(first, "b", "wise", now).entry;
    expect(second).toMatchObject({ uids: ["a", "b"], more: 0, shared: true });
    expect(othersSharing(second)).toBe(1);
    // Joining again (a save of the same details, a retried run) changes nothing.
    expect(entryWith(second, "a", "wise", now).entry).toBe(second);
  });

  test("past the cap counts the others; a named one leaving names one counted", () => {
    let entry: PayoutDestinationDoc | null = null;
    for (let i = 0; i < maxNamedPerDestination + 2; i++) entry = entryWith(entry, `u${i}`, "bank", now).entry;
    expect(entry!.uids).toHaveLength(maxNamedPerDestination);
    expect(entry!.more).toBe(2);
    expect(othersSharing(entry!)).toBe(maxNamedPerDestination + 1);
    const after = entryWithout(entry!, "u0", true, `u${maxNamedPerDestination}`, now)!;
    expect(after.uids).toContain(`u${maxNamedPerDestination}`);
    expect(after.uids).not.toContain("u0");
    expect(after.more).toBe(1);
    expect(entryWithout(after, `u${maxNamedPerDestination + 1}`, false, null, now)!.more).toBe(0);
  });

  test("the last one leaving removes the entry; one left alone is no longer shared", () => {
    const two = entryWith(first, "b", "wise", now).entry;
    expect(entryWithout(two, "a", true, null, now)).toMatchObject({ uids: ["b"], shared: false });
    expect(entryWithout(first, "a", true, null, now)).toBeNull();
  });

  test("the line staff read", () => {
    expect(sharedDestinationLine(2)).toBe("Shares a payout destination with 2 other affiliates");
    expect(sharedDestinationLine(1, "wise")).toBe("Shares a Wise account with 1 other affiliate");
  });
});
