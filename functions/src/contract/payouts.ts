/** An affiliate's payout details, their payout request and invoices (SPEC.md §7). */
import { z } from "zod";
import { invoiceNumberPattern } from "../domain/invoice.js";
import { payoutDetailsFields, payoutDetailsRequestSchema, toStoredDetails } from "../domain/payout-details-request.js";
import { plainTextField } from "./fields.js";
import type { Routes } from "./route.js";

/** An invoice PDF, with `Content-Disposition: attachment; filename="INV-2026-000123.pdf"`. */
const invoicePdf = z.string().meta({ format: "binary", description: "The invoice as a PDF." });

const invoiceHeaders = z.object({
  "Content-Disposition": z.string().meta({
    description: "The file name: the invoice's number.",
    example: 'attachment; filename="INV-2026-000123.pdf"',
  }),
});

/** SPEC.md §3's latest-invoice object, as the original front-end sent it; only its number matters. */
const invoiceFields = [
  "invoiceEmail",
  "today_date",
  "due_date",
  "last_month",
  "name",
  "country",
  "company",
  "city",
  "address",
  "postCode",
  "tax",
  "payoutType",
  "price",
  "paypalEmail",
  "tronAddress",
  "accountType",
  "fedwireRoutingNumber",
  "bankAccountNumber",
  "iban",
  "swiftBIC",
  "accountHolder",
] as const;

export const payoutApi = {
  "POST /api/update_paypal_account": {
    summary: "Stores the payout details form, validated per payout method.",
    tag: "Payouts",
    access: "signed-in",
    body: payoutDetailsRequestSchema.meta({
      example: {
        name: "Dana Example",
        country: "Portugal",
        city: "Lisbon",
        address: "Rua Augusta 1",
        postCode: "1100-048",
        company: "Example Media Lda",
        invoiceEmail: "invoices@example.com",
        tax: "PT123456789",
        payoutType: "Wise",
        paypalEmail: "dana@wise.example",
        tronAddress: "",
        fedwireRoutingNumber: "",
        swiftBIC: "",
        bankAccountNumber: "",
        accountType: "Checking",
        iban: "",
        accountHolder: "",
      },
    }),
    response: z.strictObject({ status: z.literal("updated"), message: z.string() }),
    refusals: { 403: "A suspended account." },
  },
  "POST /api/request_payout": {
    summary: "Requests a payout of the balance; answers its invoice PDF.",
    description:
      "Everything is checked again in one transaction (details complete, balance at least the minimum, none pending, none paid within the days between payouts). `price`, the balance as the form showed it, is accepted and ignored: the server computes the amount.",
    tag: "Payouts",
    access: "signed-in",
    // The client's price (the balance as text) is accepted for compatibility and ignored.
    body: z
      .strictObject({ ...payoutDetailsFields, price: z.union([plainTextField(32), z.number()]).optional() })
      .transform(({ price: _price, ...fields }) => toStoredDetails(fields)),
    response: invoicePdf,
    produces: "application/pdf",
    responseHeaders: invoiceHeaders,
    refusals: {
      403: "A suspended account.",
      409: "A payout is pending, one was paid within the days between payouts, or the balance is below the minimum.",
    },
  },
  "POST /api/download_invoice": {
    summary: "An invoice PDF, rendered from the payout's stored snapshot; for its affiliate or staff.",
    tag: "Payouts",
    access: "signed-in",
    body: z.strictObject({
      invoice_number: z
        .string()
        .regex(invoiceNumberPattern, { error: "must be an invoice number such as INV-2026-000123." }),
      ...Object.fromEntries(
        invoiceFields.map((field) => [field, z.union([plainTextField(300), z.number()]).optional()]),
      ),
    }),
    response: invoicePdf,
    produces: "application/pdf",
    responseHeaders: invoiceHeaders,
    refusals: { 404: "No such invoice, or someone else's." },
  },
} as const satisfies Routes;
