import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { newInvoice } from "../domain/invoice.js";
import type { InvoiceSnapshot } from "../domain/model.js";
import { emptyPayoutDetails } from "../domain/payout-details.js";
import { programme } from "../domain/programme.js";
import { InvoiceDocument } from "./invoice-document.js";
import { renderInvoicePdf } from "./render.js";

/** Who issues the invoices in these tests (the operator's own is set at deploy). */
const issuer = { legalName: "Example Operator GmbH", postalAddress: ["Musterstraße 1", "10115 Berlin", "Germany"] };

const issued = new Date("2026-11-21T09:00:00Z");

// Three invoices whose documents differ in shape, not only in text: a company line or none, one payout
// line or four, so rendering one after another into the shared root adds and removes elements.
const invoices: InvoiceSnapshot[] = [
  newInvoice(1, issued, 24_000, {
    ...emptyPayoutDetails,
    name: "Dana Whitfield",
    company: "Whitfield Media Ltd",
    address: "12 Harbour Street",
    city: "Leeds",
    post_code: "LS1 4AB",
    country: "United Kingdom",
    invoice_email: "dana@whitfield.example",
    payout_type: "Wise",
    paypal_payout_account: "dana@wise.example",
  }),
  newInvoice(2, issued, 105_050, {
    ...emptyPayoutDetails,
    name: "Marco Bellini",
    address: "Via Roma 3",
    city: "Torino",
    post_code: "10121",
    country: "Italy",
    invoice_email: "marco@bellini.example",
    payout_type: "Wire Transfer",
    fedwire_routing_number: "021000021",
    bank_account_number: "000123456789",
    account_type: "Checking",
    swift_BIC: "BCITITMM",
  }),
  newInvoice(3, issued, 10_000, {
    ...emptyPayoutDetails,
    name: "Aiko Tanaka",
    address: "1-2-3 Shibuya",
    city: "Tokyo",
    post_code: "150-0002",
    country: "Japan",
    invoice_email: "aiko@tanaka.example",
    payout_type: "Crypto (TRON)",
    tron_address: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
  }),
];

/** The PDF's text as a reader shows it (pdf.js). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** What a render of its own, on a fresh root, prints: the reference for the shared root's output. */
async function freshText(invoice: InvoiceSnapshot): Promise<string> {
  const element = createElement(InvoiceDocument, { invoice, issuer }) as Parameters<typeof renderToBuffer>[0];
  return pdfText(await renderToBuffer(element));
}

describe("renderInvoicePdf", () => {
  it("prints each invoice as a render of its own would, one after another in any order", async () => {
    const expected = await Promise.all(invoices.map(freshText));
    expect(expected[1]).toContain("Marco Bellini");
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 1, 2, 0],
    ]) {
      for (const index of order) {
        expect(await pdfText(await renderInvoicePdf(invoices[index]!, issuer))).toBe(expected[index]);
      }
    }
    // Fourteen PDFs rendered and read back: seconds when the emulators' layers share the two cores.
  }, 30_000);

  it("keeps invoices rendered at the same time apart", async () => {
    const expected = await Promise.all(invoices.map(freshText));
    const requested = Array.from({ length: 9 }, (_, i) => i % invoices.length);
    const pdfs = await Promise.all(requested.map((index) => renderInvoicePdf(invoices[index]!, issuer)));
    const texts = await Promise.all(pdfs.map(pdfText));
    expect(texts).toEqual(requested.map((index) => expected[index]));
  }, 30_000);

  it("renders the next invoice after one that failed", async () => {
    const broken = { ...invoices[0]!, payee: undefined } as unknown as InvoiceSnapshot;
    await expect(renderInvoicePdf(broken, issuer)).rejects.toThrow();
    expect(await pdfText(await renderInvoicePdf(invoices[2]!, issuer))).toBe(await freshText(invoices[2]!));
  });
});

describe("what the invoice says", () => {
  it("who issues it: the operator's legal name and postal address, as configured", async () => {
    const text = await pdfText(await renderInvoicePdf(invoices[0]!, issuer));
    for (const line of [programme.name, issuer.legalName, ...issuer.postalAddress, programme.contactEmail]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(`Issued by ${issuer.legalName}, ${issuer.postalAddress.join(", ")}, for the affiliate`);
  });

  it("a Bank Transfer (IBAN): the holder, the IBAN masked in groups of four, and the BIC", async () => {
    const invoice = newInvoice(4, issued, 31_000, {
      ...emptyPayoutDetails,
      name: "Inês Duarte",
      company: "Duarte Media Lda",
      address: "Rua Augusta 1",
      city: "Lisboa",
      post_code: "1100-048",
      country: "Portugal",
      invoice_email: "ines@duarte.example",
      payout_type: "Bank Transfer (IBAN)",
      iban: "PT50000201231234567890154",
      swift_BIC: "BCOMPTPL",
      account_holder: "Inês Duarte",
    });
    const text = await pdfText(await renderInvoicePdf(invoice, issuer));
    expect(text).toContain("Bank Transfer (IBAN)");
    expect(text).toContain("Account holder: Inês Duarte");
    expect(text).toContain("IBAN: PT50 **** **** **** **** *015 4");
    expect(text).toContain("SWIFT/BIC: BCOMPTPL");
    expect(text).not.toContain("0002 0123");
  });

  it("while the payout is pending: the total due and its due date", async () => {
    const text = await pdfText(await renderInvoicePdf(invoices[0]!, issuer));
    expect(text).toContain("Due: 21 December 2026");
    expect(text).toContain("Total due: $240.00");
    expect(text).not.toContain("Total paid");
    expect(text).not.toContain("Paid:");
  });

  it("once paid: the total paid and the day it was paid, instead of what was due", async () => {
    const text = await pdfText(await renderInvoicePdf(invoices[0]!, issuer, new Date("2026-12-03T16:30:00Z")));
    expect(text).toContain("Paid: 3 December 2026");
    expect(text).toContain("Total paid: $240.00");
    expect(text).not.toContain("Total due");
    expect(text).not.toContain("Due: 21 December 2026");
    // Everything else is the same invoice.
    expect(text).toContain("INV-2026-000001");
    expect(text).toContain("Issued: 21 November 2026");
  });
});
