import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  parsePostback,
  postbackFingerprint,
  postbackParameters,
  PostbackFormatError,
  postbackUrlTemplate,
} from "./inbound-postback.js";

const now = new Date("2026-11-24T12:00:00Z");
const clickId = "AbCdEfGhIjKlMnOpQrStUv";

function refusal(params: Record<string, string>): string {
  try {
    parsePostback(params, now);
  } catch (error) {
    if (error instanceof z.ZodError) {
      const issue = error.issues[0]!;
      return `${issue.path.join(".")}: ${issue.message}`;
    }
    throw error;
  }
  throw new Error("accepted");
}

describe("parsePostback", () => {
  test("a sale with its amount, currency and renewal index", () => {
    expect(
      parsePostback(
        {
          event: "sale",
          transaction_id: "T-1",
          click_id: clickId,
          amount: "19.99",
          currency: "usd",
          repeat_index: "2",
        },
        now,
      ),
    ).toEqual({
      type: "sale",
      transactionId: "T-1",
      clickId,
      amountCents: 1_999,
      repeatIndex: 2,
      saleId: null,
      occurredAt: null,
    });
  });

  test("renewal=1 without an index is the first renewal", () => {
    const sale = { event: "sale", transaction_id: "T-1", click_id: clickId, amount: "5" };
    expect(parsePostback({ ...sale, renewal: "1" }, now).repeatIndex).toBe(1);
    expect(parsePostback({ ...sale, renewal: "false" }, now).repeatIndex).toBe(0);
  });

  test("a sign-up ignores the sale's fields, empty or unreplaced macros included", () => {
    expect(
      parsePostback(
        {
          event: "sign_up",
          transaction_id: "S-1",
          click_id: clickId,
          amount: "{amount}",
          sale_id: "",
          repeat_index: "x",
        },
        now,
      ),
    ).toEqual({
      type: "sign_up",
      transactionId: "S-1",
      clickId,
      repeatIndex: 0,
      saleId: null,
      occurredAt: null,
    });
  });

  test("a refund names its sale, may leave out the click id and the amount", () => {
    expect(parsePostback({ event: "refund", transaction_id: "R-1", sale_id: "T-1" }, now)).toMatchObject({
      type: "refund",
      clickId: null,
      saleId: "T-1",
    });
  });

  test("a time may be ISO 8601 or Unix seconds", () => {
    const base = { event: "sign_up", transaction_id: "S-1", click_id: clickId };
    expect(parsePostback({ ...base, occurred_at: "2026-11-24T10:00:00Z" }, now).occurredAt).toEqual(
      new Date("2026-11-24T10:00:00Z"),
    );
    expect(parsePostback({ ...base, occurred_at: String(now.getTime() / 1000 - 60) }, now).occurredAt).toEqual(
      new Date(now.getTime() - 60_000),
    );
  });

  test.each([
    [{ event: "buy", transaction_id: "T", click_id: clickId }, /^event: must be one of/],
    [{ event: "sale", transaction_id: "T", click_id: clickId }, /^amount: a sale needs its amount/],
    [{ event: "sale", transaction_id: "T", click_id: clickId, amount: "1e3" }, /^amount:/],
    [{ event: "sale", transaction_id: "T", click_id: clickId, amount: "0" }, /^amount: must be more than 0/],
    [{ event: "sale", transaction_id: "T", click_id: clickId, amount: "5", currency: "GBP" }, /^currency: must be USD/],
    [{ event: "sale", transaction_id: "T", amount: "5" }, /^click_id: is required/],
    [{ event: "sign_up", transaction_id: "T", click_id: "short" }, /^click_id: is not a click id/],
    [{ event: "sign_up", transaction_id: "bad id!", click_id: clickId }, /^transaction_id:/],
    [{ event: "refund", transaction_id: "R" }, /^sale_id: a refund needs sale_id/],
    [{ event: "chargeback", transaction_id: "R", sale_id: "R" }, /^sale_id: a chargeback needs its own transaction_id/],
    [{ event: "sale", transaction_id: "T", click_id: clickId, amount: "5", repeat_index: "241" }, /^repeat_index:/],
    [{ event: "sale", transaction_id: "T", click_id: clickId, amount: "5", renewal: "maybe" }, /^renewal:/],
    [{ event: "sign_up", transaction_id: "T", click_id: clickId, occurred_at: "yesterday" }, /^occurred_at:/],
    [{ event: "sign_up", transaction_id: "T", click_id: clickId, occurred_at: "2027-01-01T00:00:00Z" }, /future/],
    [{ event: "sign_up", transaction_id: "T", click_id: clickId, occurred_at: "2025-01-01T00:00:00Z" }, /400 days/],
  ])("refuses %j", (params, reason) => {
    expect(refusal(params)).toMatch(reason);
  });
});

describe("postbackParameters", () => {
  test("merges the query and a POST's body", () => {
    expect(postbackParameters({ token: "t" }, { event: "sale", amount: 5 })).toEqual({
      token: "t",
      event: "sale",
      amount: "5",
    });
  });

  test.each([
    [{ event: ["sale", "sale"] }, undefined, /event: must be a single value/],
    [{ event: "sale" }, { event: "refund" }, /the query and the body disagree/],
    [{}, "a string", /name=value parameters/],
    [{ note: "x".repeat(513) }, undefined, /at most 512 characters/],
    [Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}`, "1"])), undefined, /at most 40 parameters/],
  ])("refuses %#", (query, body, reason) => {
    expect(() => postbackParameters(query, body)).toThrow(PostbackFormatError);
    expect(() => postbackParameters(query, body)).toThrow(reason);
  });
});

describe("postbackFingerprint", () => {
  const sale = parsePostback({ event: "sale", transaction_id: "T", click_id: clickId, amount: "5" }, now);

  test("is the same for the same report, whenever and however it comes", () => {
    const again = parsePostback(
      { event: "sale", transaction_id: "T", click_id: clickId, amount: "5.00", currency: "USD", extra: "x" },
      new Date(now.getTime() + 3_600_000),
    );
    expect(postbackFingerprint("cutechat", again)).toBe(postbackFingerprint("cutechat", sale));
  });

  test("differs when what it reports differs", () => {
    const more = { ...sale, amountCents: 501 };
    expect(postbackFingerprint("cutechat", more)).not.toBe(postbackFingerprint("cutechat", sale));
  });
});

test("the URL template carries the token and every macro", () => {
  expect(postbackUrlTemplate("https://partners.example", "cutechat", "pbt_abc")).toBe(
    "https://partners.example/api/postback/cutechat?token=pbt_abc&click_id={click_id}&event={event}" +
      "&amount={amount}&currency=USD&transaction_id={transaction_id}&repeat_index={repeat_index}&sale_id={sale_id}",
  );
});

describe("customer identifiers (issue 33)", () => {
  const sale = { event: "sale", transaction_id: "t-1", click_id: clickId, amount: "20" };

  test("a sale or sign-up reads them; unfilled macros are absent; a refund ignores them", () => {
    const parsed = parsePostback(
      { ...sale, customer_ip: "203.0.113.7", customer_id: "{customer_id}", payment_fingerprint: "" },
      now,
    );
    expect(parsed.customer).toEqual({ customer_ip: "203.0.113.7" });
    expect(parsePostback(sale, now)).not.toHaveProperty("customer");
    const refund = { event: "refund", transaction_id: "r-1", sale_id: "t-1", customer_ip: "nonsense" };
    expect(parsePostback(refund, now)).not.toHaveProperty("customer");
  });

  test("a bad one is refused by name", () => {
    expect(refusal({ ...sale, customer_ip: "999.1.1.1" })).toBe("customer_ip: must be an IPv4 or IPv6 address.");
    expect(refusal({ ...sale, customer_email_sha256: "abc" })).toMatch(/^customer_email_sha256: must be the hex/);
  });

  test("the fingerprint is unchanged without them, and tells them apart with them", () => {
    const without = parsePostback(sale, now);
    expect(postbackFingerprint("cutechat", without)).not.toContain("customer");
    const a = parsePostback({ ...sale, customer_id: "a" }, now);
    const b = parsePostback({ ...sale, customer_id: "b" }, now);
    expect(postbackFingerprint("cutechat", a)).not.toBe(postbackFingerprint("cutechat", b));
  });
});
