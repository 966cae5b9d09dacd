/**
 * Where the domain computes an answer as an interface of its own (it is shared with the web, which must not
 * load zod), the contract's schema describes the same shape. The compiler holds the two to one shape here,
 * both ways: a field added, removed or retyped on either side fails the type-check until the other follows.
 * (Routes already check that what a service returns fits its schema; this adds the other direction, so a
 * schema cannot promise more, or other, than the domain gives.) The settings' versions are not here: the
 * domain's SettingsVersion is the stored form (dates, cents), the contract's the wire form, declared once
 * there (contract/programme-settings.ts) and used as such by the web.
 */
import type { z } from "zod";
import type { SummaryRow } from "../domain/advertiser-summary.js";
import type { LatestInvoice } from "../domain/invoice.js";
import type { OutboundPostback } from "../domain/outbound-postbacks.js";
import type { OverdueRefunds } from "../domain/overdue-refunds.js";
import type { BatchItem } from "../domain/payout-batch.js";
import type { PayoutHistoryPage } from "../domain/payout-history.js";
import type { advertiserApi, payoutBatch } from "./advertiser.js";
import type { outboundPostback } from "./postbacks.js";
import type { latestInvoice, summaryRow } from "./views.js";

/** True when A and B are each assignable to the other: one shape. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Answer<Route extends keyof typeof advertiserApi> = z.output<(typeof advertiserApi)[Route]["response"]>;

/** Each entry must be `true`: a `false` names the pair that drifted apart. */
export type DomainAgreement = {
  SummaryRow: Same<z.output<typeof summaryRow>, SummaryRow>;
  LatestInvoice: Same<z.output<typeof latestInvoice>, LatestInvoice>;
  OutboundPostback: Same<z.output<typeof outboundPostback>, OutboundPostback>;
  PayoutHistoryPage: Same<Answer<"GET /api/payout_history">, PayoutHistoryPage>;
  OverdueRefunds: Same<Answer<"GET /api/overdue_refunds">, OverdueRefunds>;
  BatchItem: Same<z.output<typeof payoutBatch>["items"][number], BatchItem>;
};

/** Fails to compile unless every pair is one shape; the error names the pair. */
type AllAgree<T extends Record<keyof DomainAgreement, true>> = T;
export type Agreed = AllAgree<DomainAgreement>;
