import { describe, expect, test } from "vitest";
import { parseEvent } from "./events.js";

const now = new Date("2026-11-21T12:00:00Z");
const sale = {
  id: "sale-1",
  advertiser_id: "promptchan",
  type: "sale",
  uid: "u1",
  tracker: "/tw",
  amount: "19.99",
  currency: "USD",
  occurred_at: "2026-11-21T11:59:00Z",
};

const problem = (body: unknown) => {
  try {
    parseEvent(body, now);
    return undefined;
  } catch (error) {
    return (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues
      ?.map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join(" | ");
  }
};

describe("parseEvent", () => {
  test("reads a sale", () => {
    expect(parseEvent(sale, now)).toEqual({
      id: "sale-1",
      advertiser: "promptchan",
      uid: "u1",
      tracker: "/tw",
      occurredAt: new Date("2026-11-21T11:59:00Z"),
      type: "sale",
      amountCents: 1_999,
      repeatIndex: 0,
    });
  });

  test("reads a renewal, a partial refund, a full chargeback and a sign-up", () => {
    expect(parseEvent({ ...sale, repeat_index: 2 }, now)).toMatchObject({ repeatIndex: 2 });
    const refund = { ...sale, id: "r1", type: "refund", refers_to: "sale-1", amount: 5 };
    expect(parseEvent(refund, now)).toMatchObject({ type: "refund", refersTo: "sale-1", amountCents: 500 });
    const { amount: _amount, ...chargeback } = { ...refund, type: "chargeback" };
    expect(parseEvent(chargeback, now)).not.toHaveProperty("amountCents");
    const { amount: _a, currency: _c, ...signUp } = { ...sale, type: "sign_up" };
    expect(parseEvent(signUp, now)).toEqual({
      id: "sale-1",
      advertiser: "promptchan",
      uid: "u1",
      tracker: "/tw",
      occurredAt: new Date("2026-11-21T11:59:00Z"),
      type: "sign_up",
    });
  });

  test.each<[string, unknown, string]>([
    ["a body that is not an object", "sale", "expected object"],
    ["a missing id", { ...sale, id: undefined }, "id:"],
    ["an id with a slash", { ...sale, id: "a/b" }, "id: must be"],
    ["an unknown type", { ...sale, type: "purchase" }, "type: must be one of"],
    ["an unknown advertiser", { ...sale, advertiser_id: "acme" }, "advertiser_id: must be one of"],
    ["a uid with spaces", { ...sale, uid: "a b" }, "uid: must be"],
    ["a tracker that is not normalised", { ...sale, tracker: "TW" }, "tracker: must be a normalised"],
    ["an amount with 3 decimals", { ...sale, amount: "10.005" }, "amount: Amount must have at most 2 decimals."],
    ["a negative amount", { ...sale, amount: -5 }, "amount: Amount must not be negative."],
    ["a huge amount", { ...sale, amount: "5000000" }, "amount: Amount must not exceed $1,000,000.00."],
    ["an exponent", { ...sale, amount: "1e3" }, "amount: Amount must be written without an exponent."],
    ["an amount of the wrong type", { ...sale, amount: true }, "amount:"],
    ["another currency", { ...sale, currency: "EUR" }, "currency: must be USD."],
    ["a sale without an amount", { ...sale, amount: undefined }, "amount: a sale needs its amount."],
    ["a refund without refers_to", { ...sale, type: "refund" }, "refers_to: a refund needs refers_to"],
    ["a click with an amount", { ...sale, type: "click" }, "amount: a click has no amount."],
    ["a fractional repeat index", { ...sale, repeat_index: 1.5 }, "repeat_index:"],
    [
      "a time in the future",
      { ...sale, occurred_at: "2026-11-21T13:00:00Z" },
      "occurred_at: must not be in the future.",
    ],
    [
      "a time long ago",
      { ...sale, occurred_at: "2024-01-01T00:00:00Z" },
      "occurred_at: must be within the last 400 days.",
    ],
    ["a time that is not ISO 8601", { ...sale, occurred_at: "yesterday" }, "occurred_at: must be an ISO 8601"],
    ["an unknown field", { ...sale, bonus: 100 }, 'Unrecognized key: "bonus"'],
  ])("refuses %s", (_, body, message) => {
    expect(problem(body)).toContain(message);
  });
});

describe("customer identifiers (issue 33)", () => {
  const identifiers = {
    customer_id: "cus_8fQ2LmX",
    customer_email_sha256: "6A6C26195C3682FAA816966AF789717C3BFA834EEE6C599D667D2B3429C27CFD",
    customer_ip: "2001:db8::7",
    payment_fingerprint: "fp_1Nc0aZ2eZvKYlo2C",
  };

  test("a sale and a sign-up carry them as sent; an event without them carries none", () => {
    expect(parseEvent({ ...sale, ...identifiers }, now)).toMatchObject({ type: "sale", customer: identifiers });
    const signUp = { ...sale, type: "sign_up", amount: undefined, currency: undefined, customer_ip: "203.0.113.7" };
    expect(parseEvent(signUp, now)).toEqual(expect.objectContaining({ customer: { customer_ip: "203.0.113.7" } }));
    expect(parseEvent(sale, now)).not.toHaveProperty("customer");
  });

  test.each([
    [{ customer_email_sha256: "not-a-hash" }, "customer_email_sha256: must be the hex SHA-256 (64 characters)"],
    [{ customer_email_sha256: "a".repeat(63) }, "customer_email_sha256: must be the hex SHA-256"],
    [{ customer_ip: "203.0.113.256" }, "customer_ip: must be an IPv4 or IPv6 address."],
    [{ customer_ip: "fe80::1%eth0" }, "customer_ip: must be an IPv4 or IPv6 address."],
    [{ customer_ip: "1".repeat(46) }, "customer_ip: must be an IPv4 or IPv6 address."],
    [{ customer_id: "" }, "customer_id: must be the advertiser's own id for the customer: 1 to 128 characters."],
    [{ customer_id: "x".repeat(129) }, "customer_id: must be the advertiser's own id for the customer"],
    [{ payment_fingerprint: "fp\u0000" }, "payment_fingerprint: contains characters that are not allowed."],
    [{ payment_fingerprint: "f".repeat(257) }, "payment_fingerprint: must be the payment method's fingerprint"],
    [{ customer_ip: 12 }, "customer_ip: "],
  ])("%j is refused", (bad, message) => {
    expect(problem({ ...sale, ...bad })).toContain(message);
  });

  test("a refund, chargeback or click carries none", () => {
    const refund = { ...sale, id: "r-1", type: "refund", refers_to: "sale-1", customer_id: "cus_1" };
    expect(problem(refund)).toBe("customer_id: only sign-ups and sales carry customer identifiers.");
    const click = { ...sale, type: "click", amount: undefined, currency: undefined, customer_ip: "203.0.113.7" };
    expect(problem(click)).toBe("customer_ip: only sign-ups and sales carry customer identifiers.");
  });
});
