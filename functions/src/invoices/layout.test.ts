/**
 * What the invoice looks like, not only what it says: the first page is rendered to pixels (pdf.js on a
 * canvas) and the lines that must stand apart are checked for ink between them. A title printed over the
 * invoice number once passed every text test (issue 17).
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { getDocumentProxy, renderPageAsImage } from "unpdf";
import { describe, expect, test } from "vitest";
import { newInvoice } from "../domain/invoice.js";
import { emptyPayoutDetails } from "../domain/payout-details.js";
import { renderInvoicePdf } from "./render.js";

const scale = 2;

/** A page's text items with their boxes in image pixels (pdf.js: baseline and height, y from the bottom). */
async function textBoxes(pdf: Uint8Array) {
  const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
  const { height } = page.getViewport({ scale: 1 });
  const { items } = await page.getTextContent();
  return items.flatMap((item) =>
    "str" in item && item.str.trim()
      ? [
          {
            text: item.str,
            left: item.transform[4] * scale,
            right: (item.transform[4] + item.width) * scale,
            baseline: (height - item.transform[5]) * scale,
          },
        ]
      : [],
  );
}

/** The page as pixels: whether each pixel is ink (darker than light grey). */
async function inkOf(pdf: Uint8Array) {
  const png = await renderPageAsImage(new Uint8Array(pdf), 1, { canvasImport: () => import("@napi-rs/canvas"), scale });
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data, width } = context.getImageData(0, 0, image.width, image.height);
  return (x: number, y: number) => {
    const at = (Math.round(y) * width + Math.round(x)) * 4;
    return data[at]! + data[at + 1]! + data[at + 2]! < 3 * 200;
  };
}

/** Runs of rows with any ink between `left` and `right`, from `top` to `bottom`: one per separate line. */
function inkBands(ink: (x: number, y: number) => boolean, left: number, right: number, top: number, bottom: number) {
  const bands: { top: number; bottom: number }[] = [];
  for (let y = top; y < bottom; y++) {
    let inked = false;
    for (let x = left; x < right && !inked; x++) inked = ink(x, y);
    const last = bands.at(-1);
    if (inked && last && last.bottom === y - 1) last.bottom = y;
    else if (inked) bands.push({ top: y, bottom: y });
  }
  return bands;
}

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
    );
    const boxes = await textBoxes(pdf);
    const title = boxes.find((box) => box.text === "INVOICE")!;
    const number = boxes.find((box) => box.text === "INV-2026-000005")!;
    const payee = boxes.find((box) => /^payee$/i.test(box.text))!;
    expect(number.baseline).toBeGreaterThan(title.baseline);

    // From the top of the page to the line above the payee's block, across the title and the number.
    const left = Math.min(title.left, number.left);
    const bands = inkBands(await inkOf(pdf), left, Math.max(title.right, number.right), 0, payee.baseline - 12 * scale);
    expect(bands).toHaveLength(2);
    expect(bands[1]!.top - bands[0]!.bottom).toBeGreaterThanOrEqual(2 * scale);
  });
});
