import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { verifyEventSignature } from "./event-signature.js";

const secrets = { promptchan: "secret-p", cutechat: "secret-c", creategirls: "secret-g" };
const body = Buffer.from('{"id":"e1","advertiser_id":"cutechat"}');
const now = 1_800_000_000;
const sign = (raw: Buffer, secret: string, t = now) =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.`).update(raw).digest("hex")}`;
const verify = (header: string | undefined, raw = body) => verifyEventSignature(header, raw, secrets, now, 300);

describe("verifyEventSignature", () => {
  test("names the advertiser whose secret signed the body", () => {
    expect(verify(sign(body, "secret-c"))).toBe("cutechat");
    expect(verify(sign(body, "secret-p"))).toBe("promptchan");
  });

  test("accepts timestamps up to 300 s either side", () => {
    expect(verify(sign(body, "secret-c", now - 300))).toBe("cutechat");
    expect(verify(sign(body, "secret-c", now + 300))).toBe("cutechat");
  });

  test.each<[string, string | undefined, string]>([
    ["no header", undefined, "Missing X-Signature header."],
    ["a malformed header", "sha256=abc", "Malformed X-Signature header"],
    ["a stale timestamp", sign(body, "secret-c", now - 301), "Stale X-Signature timestamp"],
    ["a future timestamp", sign(body, "secret-c", now + 301), "Stale X-Signature timestamp"],
    ["an unknown secret", sign(body, "secret-x"), "Invalid signature."],
  ])("refuses %s with a 401", (_, header, message) => {
    expect(() => verify(header)).toThrow(message);
    try {
      verify(header);
    } catch (error) {
      expect((error as { status: number }).status).toBe(401);
    }
  });

  test("refuses a body changed by one byte", () => {
    const changed = Buffer.from(body);
    changed[5] = changed[5]! ^ 1;
    expect(() => verify(sign(body, "secret-c"), changed)).toThrow("Invalid signature.");
  });
});
