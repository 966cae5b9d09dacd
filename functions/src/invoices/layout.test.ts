/**
 * What the invoice looks like, not only what it says: the first page's lines are located as a PDF reader
 * lays them out (pdf.js: each text run's baseline, size, and its font's own ascent and descent), and the
 * lines that must stand apart are checked not to overlap. A title printed over the invoice number once
 * passed every text test (issue 17). (Rendering the page to pixels needs a canvas for Node, whose prebuilt
 * packages the registry here does not carry for every platform, so the lockfile could not hold it.)
 */
import { getDocumentProxy } from "unpdf";
import { describe, expect, test } from "vitest";
import { newInvoice } from "../domain/invoice.js";
import { emptyPayoutDetails } from "../domain/payout-details.js";
import { renderInvoicePdf } from "./render.js";

/** Who issues the invoices in these tests (the operator's own is set at deploy). */
const issuer = { legalName: "Example Operator GmbH", postalAddress: ["Musterstraße 1", "10115 Berlin", "Germany"] };

interface Box {
  text: string;
  /** From the top of the page, in points. */
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Every text run on page 1 with the box its glyphs occupy (ascent above the baseline, descent below). */
async function textBoxes(pdf: Uint8Array): Promise<Box[]> {
  const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
  const { height } = page.getViewport({ scale: 1 });
  const { items, styles } = await page.getTextContent();
  return items.flatMap((item) => {
    if (!("str" in item) || !item.str.trim()) return [];
    const size = Math.hypot(item.transform[2], item.transform[3]);
    const baseline = height - item.transform[5];
    const { ascent, descent } = styles[item.fontName]!;
    return [
      {
        text: item.str,
        top: baseline - ascent * size,
        bottom: baseline - descent * size,
        left: item.transform[4],
        right: item.transform[4] + item.width,
      },
    ];
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe("the invoice's first page", () => {
  test("prints the title and the invoice number on lines of their own, with space between", async () => {
    const pdf = await renderInvoicePdf(
      newInvoice(5, new Date("2026-11-21T09:00:00Z"), 25_200, {
        ...emptyPayoutDetails,
        name: "Dana Whitfield",
        address: "12 Harbour Street",
        city: "Leeds",
        post_code: "LS1 4AB",
        country: "United Kingdom",
        invoice_email: "dana@whitfield.example",
      }),
      issuer,
    );
    const boxes = await textBoxes(pdf);
    const title = boxes.find((box) => box.text === "INVOICE")!;
    const number = boxes.find((box) => box.text === "INV-2026-000005")!;
    expect(number.top).toBeGreaterThan(title.top);
    expect(overlaps(title, number)).toBe(false);
    expect(number.top - title.bottom).toBeGreaterThanOrEqual(2);
  });

  test.each([
    ["pending", null],
    ["paid", new Date("2026-12-03T16:30:00Z")],
  ] as const)("no two runs of text on the page print over each other (%s)", async (_state, paidAt) => {
    const pdf = await renderInvoicePdf(
      newInvoice(6, new Date("2026-11-21T09:00:00Z"), 123_456_78, {
        ...emptyPayoutDetails,
        name: "Marco Bellini",
        company: "Bellini Media S.r.l.",
        address: "Via Roma 3",
        city: "Torino",
        post_code: "10121",
        country: "Italy",
        tax: "IT12345678901",
        invoice_email: "marco@bellini.example",
        payout_type: "Wire Transfer",
        fedwire_routing_number: "021000021",
        bank_account_number: "000123456789",
        swift_BIC: "BCITITMM",
      }),
      issuer,
      paidAt,
    );
    const boxes = await textBoxes(pdf);
    const clashes = boxes.flatMap((a, i) =>
      boxes.slice(i + 1).flatMap((b) => (overlaps(a, b) ? [`${a.text} / ${b.text}`] : [])),
    );
    expect(clashes).toEqual([]);
  });
});
