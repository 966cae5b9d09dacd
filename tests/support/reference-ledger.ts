/**
 * The tests' oracle: the domain module fed the same events, in order, in memory. What the emulated backend
 * stores after a run must equal what this computes.
 */
import { dayKey } from "../../functions/src/domain/days.ts";
import { parseEvent, type AdvertiserEvent } from "../../functions/src/domain/events.ts";
import {
  addIncrements,
  applyToAffiliate,
  cancellationEntry,
  dayIncrements,
  recordRefund,
  recordSale,
  transactionId,
  type RefundInput,
} from "../../functions/src/domain/ledger.ts";
import type { AffiliateDoc, DayDoc, TransactionDoc } from "../../functions/src/domain/model.ts";
import { countedTracker } from "../../functions/src/domain/trackers.ts";
import { defaultSettings, saleTerms } from "../../functions/src/domain/programme-settings.ts";
import { cancelledHolds, holdingCase, releasedHolds, type RiskCaseStatus } from "../../functions/src/domain/risk.ts";
import type { RiskAction } from "../../functions/src/domain/risk-rules.ts";
import type { AdvertiserId } from "../../functions/src/domain/advertisers.ts";

/** The affiliate fields the ledger produces, which a stored affiliate must match the reference on. */
export const ledgerFields = [
  "total_earnings_cents",
  "total_refunded_cents",
  "total_refunds",
  "total_sign_ups",
  "total_clicks",
  "total_sales",
  "by_advertiser",
  "trackers",
  "recent_days",
  "held",
  // Commission held by an open risk case (issue 33).
  "risk_held",
  // The advertiser list's keys (domain/summary-keys.ts), kept by the same increments as the totals.
  "owed_cents",
  "risk_margin_cents",
] as const;

export class ReferenceLedger {
  readonly affiliates = new Map<string, AffiliateDoc>();
  /** Ledger entries by uid, keyed like the transaction documents. */
  readonly entries = new Map<string, Map<string, TransactionDoc>>();
  /** Day documents by uid, then by day: affiliates/{uid}/days/{day}. */
  readonly days = new Map<string, Map<string, Partial<DayDoc>>>();
  private readonly seen = new Set<string>();
  private readonly pending = new Map<string, RefundInput[]>();
  /** Risk cases by id (issue 33): whose, and their status. */
  readonly cases = new Map<string, { uid: string; status: RiskCaseStatus }>();

  private readonly now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.now = now;
  }

  addAffiliate(affiliate: AffiliateDoc): void {
    this.affiliates.set(affiliate.uid, structuredClone(affiliate));
    this.entries.set(affiliate.uid, new Map());
    this.days.set(affiliate.uid, new Map());
  }

  /** A risk case opened for the affiliate with `action` (as raiseSignal does), under the backend's id. */
  openCase(uid: string, id: string, action: RiskAction): void {
    const affiliate = this.affiliates.get(uid)!;
    this.cases.set(id, { uid, status: "open" });
    this.affiliates.set(uid, {
      ...affiliate,
      risk_case: { id, action, families: ["shared_destination"], opened_at: this.now() },
    });
  }

  /**
   * A case resolved as POST /api/resolve_risk_case does: released into the hold timeline, or cancelled as
   * clawed back (a cancellation entry per advertiser). A resolved case changes nothing again.
   */
  resolve(id: string, outcome: "release" | "confirm"): void {
    const riskCase = this.cases.get(id)!;
    if (riskCase.status !== "open") return;
    const now = this.now();
    const affiliate = this.affiliates.get(riskCase.uid)!;
    let next: AffiliateDoc = { ...affiliate, risk_held: {}, risk_case: null };
    if (outcome === "release") {
      const held = { ...affiliate.held };
      for (const [day, cents] of Object.entries(releasedHolds(affiliate.risk_held, now))) {
        held[day] = (held[day] ?? 0) + cents;
      }
      next = { ...next, held };
    } else {
      const changes = Object.entries(cancelledHolds(affiliate.risk_held)).map(([advertiser, cents]) => ({
        advertiser: advertiser as AdvertiserId,
        tracker: "",
        day: dayKey(now),
        figures: { refunded_cents: cents },
      }));
      next = { ...next, ...applyToAffiliate(affiliate, changes, now), risk_held: {} };
      const entries = this.entries.get(riskCase.uid)!;
      for (const change of changes) {
        const cents = change.figures.refunded_cents;
        entries.set(
          transactionId(change.advertiser, `risk_${id}`),
          cancellationEntry(id, change.advertiser, cents, now),
        );
      }
      const days = this.days.get(riskCase.uid)!;
      for (const day of new Set(changes.map((c) => c.day))) {
        days.set(day, addIncrements(days.get(day) ?? { date: day }, dayIncrements(changes, day)));
      }
    }
    riskCase.status = outcome === "release" ? "released" : "confirmed";
    this.affiliates.set(riskCase.uid, next);
  }

  /** Applies an event body as the endpoint would (duplicates and unknown affiliates change nothing). */
  apply(body: unknown): void {
    const now = this.now();
    const event = parseEvent(body, now);
    const key = transactionId(event.advertiser, event.id);
    if (this.seen.has(key) || !this.affiliates.has(event.uid)) return;
    this.seen.add(key);
    this.applyEvent(event, now);
  }

  private applyEvent(event: AdvertiserEvent, now: Date): void {
    const affiliate = this.affiliates.get(event.uid)!;
    const entries = this.entries.get(event.uid)!;
    const change = (figures: object) => ({
      advertiser: event.advertiser,
      tracker: countedTracker(affiliate.links, event.advertiser, event.tracker),
      day: dayKey(event.occurredAt),
      figures,
    });
    const days = this.days.get(event.uid)!;
    const commit = (changes: Parameters<typeof applyToAffiliate>[1]): void => {
      this.affiliates.set(event.uid, { ...affiliate, ...applyToAffiliate(affiliate, changes, now) });
      for (const day of new Set(changes.map((c) => c.day))) {
        days.set(day, addIncrements(days.get(day) ?? { date: day }, dayIncrements(changes, day)));
      }
    };

    switch (event.type) {
      case "click":
        return commit([change({ clicks: 1 })]);
      case "sign_up":
        return commit([change({ sign_ups: 1 })]);
      case "sale": {
        const holding = holdingCase(affiliate);
        const holds = holding !== null && this.cases.get(holding.id)?.status === "open";
        const sale = recordSale(
          affiliate,
          event,
          now,
          saleTerms(defaultSettings(event.advertiser)),
          holds ? holding : null,
        );
        let entry = sale.entry;
        const changes = [sale.change];
        const saleKey = transactionId(event.advertiser, event.id);
        const waiting = [...(this.pending.get(saleKey) ?? [])].sort(
          (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime(),
        );
        this.pending.delete(saleKey);
        for (const refund of waiting) {
          const applied = recordRefund(entry, refund, now, holds ? "open" : undefined);
          if (!applied) continue;
          entry = { ...entry, ...applied.saleUpdate };
          entries.set(transactionId(refund.advertiser, refund.id), applied.entry);
          changes.push(applied.change);
        }
        entries.set(saleKey, entry);
        return commit(changes);
      }
      case "refund":
      case "chargeback": {
        const saleKey = transactionId(event.advertiser, event.refersTo);
        const sale = entries.get(saleKey);
        if (sale && sale.type !== "sale") return; // refused: only a sale can be refunded
        if (!sale) {
          this.pending.set(saleKey, [...(this.pending.get(saleKey) ?? []), event]);
          return;
        }
        const caseStatus = sale.risk_case_id ? this.cases.get(sale.risk_case_id)?.status : undefined;
        const applied = recordRefund(sale, event, now, caseStatus);
        if (!applied) return;
        entries.set(saleKey, { ...sale, ...applied.saleUpdate });
        entries.set(transactionId(event.advertiser, event.id), applied.entry);
        return commit([applied.change]);
      }
    }
  }
}
