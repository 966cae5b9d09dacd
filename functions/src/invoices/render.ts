/**
 * Renders an invoice PDF. Imported lazily (await import) by the routes that need it, so @react-pdf/renderer
 * and the font are loaded only on the invoice path and no other endpoint pays for them at cold start.
 */
import { createRequire } from "node:module";
import { Font, renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import type { InvoiceSnapshot } from "../domain/model.js";
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

export async function renderInvoicePdf(invoice: InvoiceSnapshot): Promise<Buffer> {
  return renderToBuffer(createElement(InvoiceDocument, { invoice }) as Parameters<typeof renderToBuffer>[0]);
}

/** The file name the PDF is downloaded as. */
export function invoiceFileName(invoice: InvoiceSnapshot): string {
  return `${invoice.invoice_number}.pdf`;
}
