/**
 * Renders an invoice PDF. Imported lazily (await import) by the routes that need it, so @react-pdf/renderer
 * and the font are loaded only on the invoice path and no other endpoint pays for them at cold start.
 */
import { createRequire } from "node:module";
import { buffer } from "node:stream/consumers";
import { Font, pdf } from "@react-pdf/renderer";
import { createElement } from "react";
import type { InvoiceSnapshot } from "../domain/model.js";
import type { InvoiceIssuer } from "../domain/programme.js";
import { InvoiceDocument } from "./invoice-document.js";

const require = createRequire(import.meta.url);

// Registered once per instance, from the font package's TTF files (no network).
Font.register({
  family: "Inter",
  fonts: [
    { src: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"), fontWeight: 400 },
    { src: require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"), fontWeight: 700 },
  ],
});
// Invoices print names and addresses as given: no hyphenation.
Font.registerHyphenationCallback((word) => [word]);

// One React root for the instance's whole life. renderToBuffer makes a new root per call and never unmounts
// it, and the reconciler @react-pdf ships keeps every root it has seen: about 55 KB lost per invoice
// (docs/benchmarks.md, "Invoice PDF"). Mounting each invoice into this one root instead, and unmounting it
// when its PDF is written, keeps memory flat. Renders take turns: a layout reads the root's document while
// it runs.
const invoiceRoot = pdf();
type RootElement = Parameters<typeof invoiceRoot.updateContainer>[0];
let previousRender: Promise<unknown> = Promise.resolve();

/**
 * The invoice's PDF, issued by `issuer`: "Total due" while its payout is pending, "Total paid" and the date
 * once paid (`paidAt`).
 */
export function renderInvoicePdf(
  invoice: InvoiceSnapshot,
  issuer: InvoiceIssuer,
  paidAt: Date | null = null,
): Promise<Buffer> {
  const thisRender = previousRender.then(() => renderNow(invoice, issuer, paidAt));
  previousRender = thisRender.catch(() => undefined);
  return thisRender;
}

async function renderNow(invoice: InvoiceSnapshot, issuer: InvoiceIssuer, paidAt: Date | null): Promise<Buffer> {
  // A render that throws is logged by React and unmounted without a document; the root's document is
  // cleared first, so a failed render can never print an earlier invoice.
  invoiceRoot.container.document = null;
  try {
    invoiceRoot.updateContainer(createElement(InvoiceDocument, { invoice, issuer, paidAt }) as RootElement);
    if (!invoiceRoot.container.document) throw new Error(`Invoice ${invoice.invoice_number} could not be rendered`);
    return await buffer(await invoiceRoot.toBuffer());
  } finally {
    invoiceRoot.updateContainer(null as unknown as RootElement);
  }
}

/** The file name the PDF is downloaded as. */
export function invoiceFileName(invoice: InvoiceSnapshot): string {
  return `${invoice.invoice_number}.pdf`;
}
