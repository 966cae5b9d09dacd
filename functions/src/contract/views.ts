/**
 * Answer shapes several routes share: an affiliate's summary row with its invoice and payout destination.
 * The domain builds them (domain/advertiser-summary.ts, domain/invoice.ts, domain/payout-details.ts); these
 * schemas are their API face, and each route's answer is checked against them by the compiler and, in
 * tests/api/contract.test.ts, against what the server really sends.
 */
import { z } from "zod";
import { riskActions, riskFamilies } from "../domain/risk-rules.js";
import { payoutTypes } from "../domain/payout-details.js";
import { dealView } from "./commission-groups.js";
import { dollars, groupNamed, isoDay, isoTime } from "./fields.js";

/** Where a payout goes: the method and every field needed to send the money, as [label, value]. */
export const payoutDestination = z
  .strictObject({
    method: z.enum(payoutTypes),
    fields: z.array(z.tuple([z.string(), z.string()])),
  })
  .meta({
    id: "PayoutDestination",
    example: { method: "Wise", fields: [["Wise Account Email", "dana@wise.example"]] },
  });

/** SPEC.md §3's latest invoice (the original front-end's field names). */
export const latestInvoice = z
  .strictObject({
    invoice_number: z.string(),
    invoiceEmail: z.string(),
    today_date: isoDay,
    due_date: isoDay,
    last_month: z.string().meta({ description: 'The period it covers: "October 2026".' }),
    name: z.string(),
    country: z.string(),
    company: z.string(),
    city: z.string(),
    address: z.string(),
    postCode: z.string(),
    tax: z.string(),
    payoutType: z.string(),
    price: z.string().meta({ description: 'Dollars with two decimals: "240.00".' }),
    paypalEmail: z.string(),
    tronAddress: z.string(),
    accountType: z.string(),
    fedwireRoutingNumber: z.string(),
    bankAccountNumber: z.string(),
    iban: z.string().meta({ description: "Bank Transfer (IBAN): the IBAN without spaces; empty for the others." }),
    swiftBIC: z.string().meta({ description: "The BIC of a Bank Transfer (IBAN) or a Wire Transfer." }),
    accountHolder: z.string().meta({ description: "Bank Transfer (IBAN): the name on the account, when given." }),
  })
  .meta({ id: "LatestInvoice" });

/** One affiliate on the advertiser dashboard: SPEC.md §3's summary row (dollars), then the API's own fields. */
export const summaryRow = z
  .strictObject({
    user_id: z.string(),
    name: z.string(),
    country: z.string(),
    company: z.string(),
    paypal_payout_account: z.string(),
    commission_rate: z.number(),
    total_sign_ups: z.number(),
    total_earnings: dollars,
    total_payouts: dollars,
    total_refunds: z.number().meta({ description: "How many refunds and chargebacks." }),
    total_refunded: dollars,
    required_payout: dollars.meta({ description: "The balance: earnings − refunded − payouts, floored at 0." }),
    last_payout: isoTime.nullable(),
    payout_pending: z.boolean(),
    latest_invoice: latestInvoice.nullable(),
    email: z.string(),
    payout_method: z.enum(payoutTypes),
    fraud_user: z.boolean(),
    pending_payout: dollars.nullable().meta({ description: "The amount record_payout must be given." }),
    pending_destination: payoutDestination.nullable(),
    held: dollars.meta({ description: "Commission still in its hold period." }),
    payable: dollars.meta({ description: "The balance less what is held." }),
    payout_ready: z.boolean().meta({ description: "Whether staff could issue a payout now, unasked." }),
    ready_destination: payoutDestination.nullable(),
    next_payout_at: isoTime.nullable(),
    total_clicks: z
      .number()
      .meta({ description: "Clicks as of the last roll-up of the click shards (minutes behind at most)." }),
    total_sales: z.number().meta({ description: "Every sale, first and repeat." }),
    total_filtered_clicks: z.number().meta({
      description:
        "Clicks by bots and headless browsers and from datacenters, counted apart from total_clicks (as of the last roll-up).",
    }),
    total_datacenter_clicks: z.number().meta({
      description: "Of total_filtered_clicks, those from hosting and datacenter networks; the rest are bots'.",
    }),
    risk_case: z
      .strictObject({ case_id: z.string(), action: z.enum(riskActions), families: z.array(z.enum(riskFamilies)) })
      .nullable()
      .meta({ description: "The open risk case (issue 33), for the list's risk mark; GET /api/risk_case has it all." }),
    case_held: dollars.meta({ description: "Commission the open risk case holds (not payable until resolved)." }),
    group: groupNamed,
    deal: dealView.nullable().meta({ description: "Their deal in force now (issue 34), with its end; null: none." }),
  })
  .meta({ id: "SummaryRow" });
