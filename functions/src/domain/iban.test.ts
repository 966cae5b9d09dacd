import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { friendlyIban, maskIban, normaliseBic, normaliseIban } from "./iban-format.js";
import { bicProblem, ibanProblem, isIban } from "./iban.js";

/** An IBAN with its check digits computed (ISO 7064 MOD 97-10), whatever its account part says. */
function withCheckDigits(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("");
  const check = 98n - (BigInt(digits) % 97n);
  return `${country}${String(check).padStart(2, "0")}${bban}`;
}

describe("ibanProblem: valid IBANs of several countries", () => {
  test.each([
    ["Germany", "DE89370400440532013000"],
    ["the United Kingdom", "GB29NWBK60161331926819"],
    ["France (letters in the account, a national key)", "FR1420041010050500013M02606"],
    ["the Netherlands", "NL91ABNA0417164300"],
    ["Portugal", "PT50000201231234567890154"],
    ["Spain", "ES9121000418450200051332"],
    ["Belgium", "BE68539007547034"],
    ["Switzerland", "CH9300762011623852957"],
    ["Norway (the shortest, 15)", "NO9386011117947"],
    ["Malta (31 characters)", "MT84MALT011000012345MTLCAST001S"],
    ["Italy", "IT60X0542811101000000123456"],
  ])("%s: %s", (_, iban) => {
    expect(ibanProblem(iban)).toBeNull();
    expect(isIban(iban)).toBe(true);
  });

  test("spaces, dashes and lower case as people type them", () => {
    expect(ibanProblem("de89 3704 0044 0532 0130 00")).toBeNull();
    expect(ibanProblem(" GB29-NWBK-6016-1331-9268-19 ")).toBeNull();
  });
});

describe("ibanProblem: each mistake said in a marketer's words", () => {
  test.each([
    ["a mistyped digit", "DE89370400440532013001", "This IBAN's check digits do not match: check it for a typo."],
    [
      "a missing character",
      "DE8937040044053201300",
      "An IBAN from Germany has 22 characters and this one has 21: check for a missing or extra character.",
    ],
    [
      "an extra character",
      "NL91ABNA04171643000",
      "An IBAN from the Netherlands has 18 characters and this one has 19: check for a missing or extra character.",
    ],
    [
      "a letter where the UK has digits",
      "GB29NWBK6016133192681A",
      "This IBAN has letters or digits where one from the United Kingdom has none: check it for a typo.",
    ],
    ["letters for check digits", "DEAB370400440532013000", "An IBAN's third and fourth characters are digits"],
    ["no country", "1234567890123456", "An IBAN starts with its country's two letters, such as DE or FR"],
    ["an unknown country", "XX89370400440532013000", "An IBAN starts with its country's two letters"],
    ["a US account", "US12345678901234", "Accounts in the United States have no IBAN: choose Wire Transfer instead."],
    ["a Canadian account", "CA12345678901234", "Accounts in Canada have no IBAN: choose Wise instead."],
    ["a Swiss QR-IBAN", "CH4431999123000889012", "This is a QR-IBAN, which takes QR-bill payments only"],
    ["symbols", "DE89 3704.0044 0532 0130 00", "An IBAN has only letters and digits"],
    [
      "a Belgian account failing its national key, with right check digits",
      withCheckDigits("BE", "539007547035"),
      "This IBAN's account number fails its bank's own check: check it for a typo.",
    ],
  ])("%s", (_, iban, message) => {
    expect(ibanProblem(iban)).toContain(message);
    expect(isIban(iban)).toBe(false);
  });

  test("the check digits catch any one character changed (ISO 7064 MOD 97-10)", () => {
    const valid = "DE89370400440532013000";
    fc.assert(
      fc.property(fc.integer({ min: 2, max: valid.length - 1 }), fc.integer({ min: 0, max: 9 }), (at, digit) => {
        fc.pre(valid[at] !== String(digit));
        const changed = `${valid.slice(0, at)}${digit}${valid.slice(at + 1)}`;
        expect(isIban(changed)).toBe(false);
      }),
    );
  });

  test("any German account number with its check digits is a valid IBAN, however it is spaced", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{18}$/), (bban) => {
        const iban = withCheckDigits("DE", bban);
        expect(ibanProblem(iban)).toBeNull();
        expect(ibanProblem(friendlyIban(iban).toLowerCase())).toBeNull();
        expect(normaliseIban(friendlyIban(iban))).toBe(iban);
      }),
    );
  });
});

describe("normalising and showing", () => {
  test("stored without spaces in upper case; shown in groups of four", () => {
    expect(normaliseIban(" de89 3704 0044 0532 0130 00 ")).toBe("DE89370400440532013000");
    expect(friendlyIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(friendlyIban("MT84MALT011000012345MTLCAST001S")).toBe("MT84 MALT 0110 0001 2345 MTLC AST0 01S");
    expect(friendlyIban("")).toBe("");
  });

  test("masked: country, check digits and the last four, still grouped", () => {
    expect(maskIban("DE89370400440532013000")).toBe("DE89 **** **** **** **30 00");
    expect(maskIban("de89 3704 0044 0532 0130 00")).toBe("DE89 **** **** **** **30 00");
    expect(maskIban("NO9386011117947")).toBe("NO93 **** ***7 947");
  });
});

describe("bicProblem", () => {
  test.each(["DEUTDEFF", "DEUTDEFF500", "BCOMPTPL", "CHASUS33XXX"])("%s (8 or 11) is valid", (bic) => {
    expect(bicProblem(bic)).toBeNull();
  });

  test("spaces and lower case are normalised", () => {
    expect(normaliseBic(" deut de ff 500 ")).toBe("DEUTDEFF500");
    expect(bicProblem("deut de ff")).toBeNull();
  });

  test.each([
    ["too short", "DEUT", "must be 8 or 11 letters and digits."],
    ["ten characters", "DEUTDEFF50", "must be 8 or 11 letters and digits."],
    ["symbols", "DEUT-DEFF", "must be 8 or 11 letters and digits."],
    ["no country", "DEUTXXFF", "has no country in its 5th and 6th letters"],
    ["digits for the bank", "1234DEFF", "starts with six letters"],
  ])("%s: %s", (_, bic, message) => {
    expect(bicProblem(bic)).toContain(message);
  });
});
