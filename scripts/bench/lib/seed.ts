/**
 * The benchmarks' own data, written straight into the Firestore emulator with the Admin SDK (batches of
 * 500), never through the API: the advertisers' documents, and affiliates that look like real ones (payout
 * details, three advertisers' totals and trackers, 35 days of recent figures, a pending payout here and
 * there), deterministic from their index.
 */
import type { WriteBatch } from "firebase-admin/firestore";
import { emulatorAdvertiserDocument } from "../../lib/emulator-advertisers.ts";
import type { Functions } from "./functions.ts";

type AffiliateDoc = ReturnType<Functions["newAffiliate"]>;

export async function seedAdvertisers(fns: Functions): Promise<void> {
  for (const id of fns.advertiserIds) {
    await fns.refs.advertisers().doc(id).set(emulatorAdvertiserDocument(id, fns.advertisers[id]));
  }
}

/** A small deterministic generator (mulberry32), so the seeded programme is the same every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const benchUid = (index: number) => `bench-aff-${String(index).padStart(5, "0")}`;

const countries = ["United States", "Portugal", "Germany", "Brazil", "India", "Japan", "Canada", "Spain"];

/** The index-th bench affiliate, with figures. */
export function benchAffiliate(fns: Functions, index: number, now: Date): AffiliateDoc {
  const next = random(index + 1);
  const uid = benchUid(index);
  const name = `Bench Affiliate ${index}`;
  const base = fns.newAffiliate(uid, `${uid}@bench.example`, new Date(now.getTime() - 400 * 86_400_000));
  const signUps = Math.floor(next() * 400);
  const sales = Math.floor(signUps * next() * 0.6);
  const earnings = sales * 1199;
  const refunds = Math.floor(sales * next() * 0.1);
  const refunded = refunds * 1199;
  const payouts = Math.floor((earnings - refunded) * next() * 0.8);
  const affiliate: AffiliateDoc = {
    ...base,
    ...fns.emptyPayoutDetails,
    name,
    country: countries[index % countries.length]!,
    city: "Lisbon",
    address: `${index} Rua Augusta`,
    post_code: "1100-053",
    company: `Bench Media ${index} Lda`,
    invoice_email: `invoices+${index}@bench.example`,
    tax: `PT${String(100_000_000 + index)}`,
    payout_type: "Wise",
    paypal_payout_account: `${uid}@wise.example`,
    email: base.email,
    fraud_user: index % 97 === 0,
    total_sign_ups: signUps,
    total_sales: sales,
    total_clicks: signUps * 12,
    total_earnings_cents: earnings,
    total_refunds: refunds,
    total_refunded_cents: refunded,
    total_payouts_cents: payouts,
    last_payout: payouts > 0 ? new Date(now.getTime() - (10 + (index % 50)) * 86_400_000) : null,
  };
  const trackers = ["default", "/tw", "/ig", "/yt"].slice(0, 1 + (index % 4));
  for (const id of fns.advertiserIds) {
    const share = id === "promptchan" ? 0.7 : 0.15;
    affiliate.by_advertiser[id] = {
      earnings_cents: Math.round(earnings * share),
      sign_ups: Math.round(signUps * share),
      clicks: Math.round(signUps * 12 * share),
      sales: Math.round(sales * share),
      refunded_cents: Math.round(refunded * share),
      refunds: Math.round(refunds * share),
    };
    affiliate.trackers[id] = Object.fromEntries(
      trackers.map((tracker) => [
        tracker,
        {
          earnings_cents: Math.round((earnings * share) / trackers.length),
          sign_ups: Math.round((signUps * share) / trackers.length),
          clicks: Math.round((signUps * 12 * share) / trackers.length),
          sales: Math.round((sales * share) / trackers.length),
        },
      ]),
    );
    affiliate.links[id] = trackers.filter((tracker) => tracker !== "default");
  }
  affiliate.recent_days = Object.fromEntries(
    fns.lastDays(now, 35).map((day) => {
      const daySignUps = Math.floor(next() * 5);
      const daySales = Math.floor(daySignUps * next());
      return [day, { clicks: daySignUps * 12, sign_ups: daySignUps, sales: daySales, earnings_cents: daySales * 1199 }];
    }),
  );
  // One affiliate in twenty has a payout waiting to be recorded, with its invoice.
  const balance = fns.balanceOf(affiliate);
  if (index % 20 === 0 && balance >= fns.minimumPayoutCents) {
    const number = `INV-2026-${String(900_000 + index).padStart(6, "0")}`;
    affiliate.payout_pending = true;
    affiliate.pending_payout_id = number;
    affiliate.latest_invoice = {
      invoice_number: number,
      issued_at: now,
      due_at: new Date(now.getTime() + 30 * 86_400_000),
      period: "October 2026",
      amount_cents: balance,
      payee: {
        ...fns.emptyPayoutDetails,
        name,
        country: affiliate.country,
        city: affiliate.city,
        address: affiliate.address,
        post_code: affiliate.post_code,
        company: affiliate.company,
        invoice_email: affiliate.invoice_email,
        tax: affiliate.tax,
        paypal_payout_account: affiliate.paypal_payout_account,
      },
    };
  }
  return affiliate;
}

/** Writes documents in batches of 500, a few batches at a time. */
export async function writeInBatches<T>(
  fns: Functions,
  items: readonly T[],
  write: (batch: WriteBatch, item: T) => void,
  parallel = 4,
): Promise<void> {
  const size = 500;
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const batch = fns.db().batch();
      for (const item of chunk) write(batch, item);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Bench affiliates [from, to), written with the Admin SDK. */
export async function seedAffiliates(fns: Functions, from: number, to: number, now: Date): Promise<void> {
  const indexes = Array.from({ length: to - from }, (_, i) => from + i);
  await writeInBatches(fns, indexes, (batch, index) => {
    batch.set(fns.refs.affiliate(benchUid(index)), benchAffiliate(fns, index, now));
  });
}
