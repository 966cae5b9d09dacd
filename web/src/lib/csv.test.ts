import { expect, test } from "vitest";
import { toCsv } from "./csv";

test("fields are quoted only when they must be, with quotes doubled and CRLF line ends", () => {
  expect(
    toCsv(
      ["a", "b"],
      [
        ["plain", 12.5],
        ["with, comma", 'say "hi"'],
        ["two\nlines", null],
      ],
    ),
  ).toBe('a,b\r\nplain,12.5\r\n"with, comma","say ""hi"""\r\n"two\nlines",\r\n');
});

test("text that a spreadsheet would run as a formula stays text; negative numbers stay numbers", () => {
  expect(toCsv(["x"], [["=HYPERLINK(1)"], ["@cmd"], [-12.5], ["-3"]])).toBe(
    'x\r\n"\'=HYPERLINK(1)"\r\n"\'@cmd"\r\n-12.5\r\n-3\r\n',
  );
});
