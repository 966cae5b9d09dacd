import { describe, expect, test } from "vitest";
import { canonicalJson, eventHash, rawBodyHash } from "./event-hash.js";

describe("eventHash", () => {
  test("is the same for the same content in any key order or spacing, nested objects too", () => {
    const a = { id: "s-1", amount: "10.00", nested: { b: 1, a: [2, { d: 1, c: 2 }] } };
    const b = JSON.parse('{ "nested": { "a": [2, { "c": 2, "d": 1 }], "b": 1 },\n  "amount": "10.00", "id": "s-1" }');
    expect(canonicalJson(a)).toBe('{"amount":"10.00","id":"s-1","nested":{"a":[2,{"c":2,"d":1}],"b":1}}');
    expect(eventHash(b)).toBe(eventHash(a));
  });

  test("differs for other content: another value, another type, an array's order", () => {
    const base = eventHash({ id: "s-1", amount: "10.00", list: [1, 2] });
    expect(eventHash({ id: "s-1", amount: "10.01", list: [1, 2] })).not.toBe(base);
    expect(eventHash({ id: "s-1", amount: 10, list: [1, 2] })).not.toBe(base);
    expect(eventHash({ id: "s-1", amount: "10.00", list: [2, 1] })).not.toBe(base);
  });

  test("the raw body's hash is the SHA-256 of its bytes, as events were recorded before", () => {
    expect(rawBodyHash(Buffer.from("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
