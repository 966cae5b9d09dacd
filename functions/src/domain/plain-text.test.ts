import { describe, expect, test } from "vitest";
import { isPlainText } from "./plain-text.js";

describe("isPlainText", () => {
  test.each(["", "José Müller", "Rua Augusta 100, 1º", "北京市", "O'Brien & Sons", "tw", "🙂", "\ud83d\ude42 paired"])(
    "keeps %j",
    (value) => {
      expect(isPlainText(value)).toBe(true);
    },
  );

  test.each([
    ["a control character", "a\u0007b"],
    ["a line break", "a\nb"],
    ["a DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
    ["a zero-width space", "ab\u200bc"],
    ["a right-to-left override", "abc\u202e"],
    ["a bidi isolate", "a\u2066b"],
    ["a byte-order mark", "\ufeffab"],
    ["a script tag", "<script>alert(1)</script>"],
    ["a lone angle bracket", "a > b"],
    ["a lone high surrogate", "a\ud800b"],
    ["a lone low surrogate", "a\udc00b"],
    ["a high surrogate at the end", "ab\ud83d"],
  ])("refuses %s", (_, value) => {
    expect(isPlainText(value)).toBe(false);
  });
});
