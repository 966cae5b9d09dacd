/**
 * Renders invoice PDFs in a fresh process (node --expose-gc), with the product's renderer
 * (functions/src/invoices/render.ts): the first render, 200 warm renders timed one by one, then the heap and
 * resident memory after a full garbage collection before and after 500 more, and the heap after every 100
 * of them (a leak grows in a line, a cache levels off). Prints one JSON line.
 */
import { parseArgs } from "node:util";
import type { InvoiceSnapshot } from "../../functions/src/domain/model.ts";
import "../lib/functions-sources.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with node --expose-gc");
const collect = () => {
  gc();
  gc();
};

const { renderInvoicePdf } = await import("../../functions/src/invoices/render.ts");
/** An issuer as long as a real one: the operator's own is set at deploy. */
const issuer = { legalName: "Example Operator GmbH", postalAddress: ["Musterstraße 1", "10115 Berlin", "Germany"] };

const { values } = parseArgs({
  options: { warm: { type: "string", default: "200" }, leak: { type: "string", default: "500" } },
});
const warm = Number(values.warm);
const leak = Number(values.leak);

const invoice: InvoiceSnapshot = {
  invoice_number: "INV-2026-000123",
  issued_at: new Date("2026-11-01T12:00:00Z"),
  due_at: new Date("2026-12-01T12:00:00Z"),
  period: "October 2026",
  amount_cents: 123_456,
  payee: {
    name: "Dana Demo",
    country: "Portugal",
    city: "Lisbon",
    address: "Rua Augusta 100",
    post_code: "1100-053",
    company: "Dana Media Lda",
    invoice_email: "dana@demo.test",
    tax: "PT123456789",
    payout_type: "Wire Transfer",
    paypal_payout_account: "",
    tron_address: "",
    fedwire_routing_number: "021000021",
    swift_BIC: "CHASUS33",
    bank_account_number: "000123456789",
    account_type: "Savings",
    iban: "",
    account_holder: "",
  },
};

const memory = () => {
  const usage = process.memoryUsage();
  return { heapUsed: usage.heapUsed, rss: usage.rss, external: usage.external, arrayBuffers: usage.arrayBuffers };
};

let begin = performance.now();
const first = await renderInvoicePdf(invoice, issuer);
const firstMs = performance.now() - begin;
if (first.subarray(0, 5).toString() !== "%PDF-") throw new Error("The renderer did not make a PDF");
for (let i = 0; i < 20; i++) await renderInvoicePdf(invoice, issuer);

const times: number[] = [];
for (let i = 0; i < warm; i++) {
  begin = performance.now();
  await renderInvoicePdf(invoice, issuer);
  times.push(performance.now() - begin);
}

collect();
const before = memory();
const curve: number[] = [];
for (let i = 1; i <= leak; i++) {
  await renderInvoicePdf(invoice, issuer);
  if (i % 100 === 0 && i < leak) {
    collect();
    curve.push(process.memoryUsage().heapUsed);
  }
}
collect();
const after = memory();
curve.push(after.heapUsed);

console.log(JSON.stringify({ firstMs, times, pdfBytes: first.length, before, after, curve, renders: leak }));
