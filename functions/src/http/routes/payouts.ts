import { Router, type Response } from "express";
import { updatePayoutDetails } from "../../accounts/accounts.js";
import { invoiceIssuer } from "../../config.js";
import { payoutApi as api } from "../../contract/payouts.js";
import type { InvoiceSnapshot } from "../../domain/model.js";
import { invoiceFor, requestPayout } from "../../payouts/payouts.js";
import { reply } from "../answers.js";
import { callerOf, requireCaller } from "../auth.js";
import { parseBody } from "../inputs.js";

export const payoutRoutes = Router();

// POST /api/update_paypal_account: stores the payout details form.
payoutRoutes.post("/update_paypal_account", requireCaller, async (req, res) => {
  const route = api["POST /api/update_paypal_account"];
  const details = parseBody(route.body, req);
  await updatePayoutDetails(callerOf(req).uid, details, new Date());
  reply(res, route, { status: "updated", message: "Details successfully updated." });
});

// POST /api/request_payout: requests a payout of the balance and answers its invoice PDF.
payoutRoutes.post("/request_payout", requireCaller, async (req, res) => {
  const details = parseBody(api["POST /api/request_payout"].body, req);
  const invoice = await requestPayout(callerOf(req).uid, details, new Date());
  await sendInvoice(res, invoice, null);
});

// POST /api/download_invoice: an invoice PDF, for its affiliate or for staff; a paid one says so.
payoutRoutes.post("/download_invoice", requireCaller, async (req, res) => {
  const { invoice_number } = parseBody(api["POST /api/download_invoice"].body, req);
  const { invoice, paid_at } = await invoiceFor(invoice_number, callerOf(req));
  await sendInvoice(res, invoice, paid_at);
});

/** The invoice's PDF; `paidAt`, once the payout is paid, makes it a paid invoice ("Total paid"). */
async function sendInvoice(res: Response, invoice: InvoiceSnapshot, paidAt: Date | null): Promise<void> {
  // Loaded here, not at module scope: only the invoice path pays for the PDF renderer.
  const { renderInvoicePdf, invoiceFileName } = await import("../../invoices/render.js");
  const pdf = await renderInvoicePdf(invoice, invoiceIssuer(), paidAt);
  res
    .status(200)
    .set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
      "Content-Length": String(pdf.length),
    })
    .end(pdf);
}
