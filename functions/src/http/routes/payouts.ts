import { Router, type Response } from "express";
import { z } from "zod";
import { updatePayoutDetails } from "../../accounts/accounts.js";
import { invoiceNumberPattern } from "../../domain/invoice.js";
import type { InvoiceSnapshot } from "../../domain/model.js";
import {
  payoutDetailsFields,
  payoutDetailsRequestSchema,
  toStoredDetails,
} from "../../domain/payout-details-request.js";
import { invoiceFor, requestPayout } from "../../payouts/payouts.js";
import { callerOf, requireCaller } from "../auth.js";
import { parseBody, plainTextField } from "../inputs.js";

export const payoutRoutes = Router();

// POST /api/update_paypal_account: stores the payout details form.
payoutRoutes.post("/update_paypal_account", requireCaller, async (req, res) => {
  const details = parseBody(payoutDetailsRequestSchema, req);
  await updatePayoutDetails(callerOf(req).uid, details);
  res.json({ status: "updated", message: "Details successfully updated." });
});

// The client's price (the balance as text) is accepted for compatibility and ignored: the server computes it.
const payoutRequest = z
  .strictObject({ ...payoutDetailsFields, price: z.union([plainTextField(32), z.number()]).optional() })
  .transform(({ price: _price, ...fields }) => toStoredDetails(fields));

// POST /api/request_payout: requests a payout of the balance and answers its invoice PDF.
payoutRoutes.post("/request_payout", requireCaller, async (req, res) => {
  const details = parseBody(payoutRequest, req);
  const invoice = await requestPayout(callerOf(req).uid, details, new Date());
  await sendInvoice(res, invoice);
});

// The latest-invoice object SPEC.md §3 describes; only its number matters: the PDF comes from the stored snapshot.
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
] as const;
const invoiceRequest = z.strictObject({
  invoice_number: z
    .string()
    .regex(invoiceNumberPattern, { error: "must be an invoice number such as INV-2026-000123." }),
  ...Object.fromEntries(invoiceFields.map((field) => [field, z.union([plainTextField(300), z.number()]).optional()])),
});

// POST /api/download_invoice: an invoice PDF, for its affiliate or for staff.
payoutRoutes.post("/download_invoice", requireCaller, async (req, res) => {
  const { invoice_number } = parseBody(invoiceRequest, req);
  await sendInvoice(res, await invoiceFor(invoice_number, callerOf(req)));
});

async function sendInvoice(res: Response, invoice: InvoiceSnapshot): Promise<void> {
  // Loaded here, not at module scope: only the invoice path pays for the PDF renderer.
  const { renderInvoicePdf, invoiceFileName } = await import("../../invoices/render.js");
  const pdf = await renderInvoicePdf(invoice);
  res
    .status(200)
    .set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
      "Content-Length": String(pdf.length),
    })
    .end(pdf);
}
