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
