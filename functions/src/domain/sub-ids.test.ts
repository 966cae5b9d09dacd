import { describe, expect, test } from "vitest";
import { parseSubIds, subIdMaxLength } from "./sub-ids.js";

const none = { sub1: null, sub2: null, sub3: null, sub4: null, sub5: null };

describe("parseSubIds", () => {
  test("keeps the five sub-ids as sent and ignores everything else in the query", () => {
    expect(
      parseSubIds({
        sub1: "summer-sale",
        sub2: "José Müller 北京",
        sub3: "a b&c=d/?#",
        sub4: "x".repeat(subIdMaxLength),
        sub5: "🙂",
        sub6: "ignored",
        landing: "/ai-porn",
      }),
    ).toEqual({
      sub1: "summer-sale",
      sub2: "José Müller 北京",
      sub3: "a b&c=d/?#",
      sub4: "x".repeat(subIdMaxLength),
      sub5: "🙂",
    });
  });

  test("a link without sub-ids has none", () => {
    expect(parseSubIds({})).toEqual(none);
  });

  test.each([
    ["too long", "x".repeat(subIdMaxLength + 1)],
    ["empty", ""],
    ["a script tag", "<script>alert(1)</script>"],
    ["a line break (header injection)", "a\r\nLocation: https://evil.example"],
    ["a control character", "a\u0000b"],
    ["a right-to-left override", "abc\u202e"],
    ["a zero-width space", "a\u200bb"],
    ["a lone surrogate", "a\ud800b"],
    ["repeated (?sub1=a&sub1=b)", ["a", "b"]],
    ["nested (?sub1[x]=a)", { x: "a" }],
    ["a number", 5],
  ])("one that is %s is dropped; the others are kept", (_, bad) => {
    expect(parseSubIds({ sub1: bad, sub2: "kept" })).toEqual({ ...none, sub2: "kept" });
  });
});
