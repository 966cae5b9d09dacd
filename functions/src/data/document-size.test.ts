/**
 * The worst case of every document an attacker or a busy affiliate can grow, computed with Firestore's own
 * size rules: the figures docs/data-model.md states. Each is built at every limit the code enforces (the
 * longest values validation lets through, in three-byte characters; the most links; every tracker key the
 * maps can hold), so a change that lets a document grow fails here first.
 */
import { describe, expect, test } from "vitest";
import { limits } from "../config.js";
import { advertiserIds } from "../domain/advertisers.js";
import { newClick } from "../domain/clicks.js";
import { lastDays } from "../domain/days.js";
import { landingKey } from "../domain/ledger.js";
import { maxPostbacks, maxTemplateLength, outboundEvents } from "../domain/outbound-postbacks.js";
import { landingPages } from "../domain/landing-pages.js";
import {
  defaultTrackerKey,
  emptyAdvertiserTotals,
  newAffiliate,
  recentDaysKept,
  removedTrackersKey,
  type AdvertiserTotals,
  type AffiliateDoc,
  type DayDoc,
  type InvoiceSnapshot,
} from "../domain/model.js";
import type { PayoutDetails } from "../domain/payout-details.js";
import { subIdMaxLength, subIdNames, type SubIds } from "../domain/sub-ids.js";
import { trackerMaxLength } from "../domain/tracker.js";
import { documentSize, valueSize } from "./document-size.js";

/** A string of `length` UTF-16 units, each a three-byte UTF-8 character: the most bytes a length limit allows. */
const widest = (length: number) => "€".repeat(length);
const now = new Date("2026-11-23T12:00:00Z");
const uid = "u".repeat(128);
const big = 2 ** 53 - 1;

const payee: PayoutDetails = {
  name: widest(100),
  country: widest(60),
  city: widest(80),
  address: widest(200),
  post_code: widest(20),
  company: widest(120),
  invoice_email: "e".repeat(254),
  tax: widest(40),
  payout_type: "Crypto (TRON)",
  paypal_payout_account: "p".repeat(254),
  tron_address: "T".repeat(34),
  fedwire_routing_number: "1".repeat(9),
  swift_BIC: "A".repeat(11),
  bank_account_number: "9".repeat(34),
  account_type: "Checking",
  iban: "I".repeat(34),
  account_holder: widest(100),
};
const invoice: InvoiceSnapshot = {
  invoice_number: "INV-2026-000001",
  issued_at: now,
  due_at: now,
  period: "September 2026",
  amount_cents: big,
  payee,
};
const numbers = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, big])) as Record<K, number>;
const trackerTotals = () => numbers(["earnings_cents", "sign_ups", "clicks", "sales", "first_sales"]);
const suffix = (n: number) => `/${String(n).padStart(trackerMaxLength - 1, "x")}`;

describe("worst-case document sizes (docs/data-model.md)", () => {
  test("affiliates/{uid}: under 40 KiB, whatever trackers events name", () => {
    const links = Array.from({ length: limits.maxLinksPerAdvertiser }, (_, i) => suffix(i));
    // Live links, the default link, the removed trackers, and as many keys again left by events racing the
    // removal of a link (folded into the removed trackers by the next change of links).
    const keys = [defaultTrackerKey, removedTrackersKey, ...links, ...links.map((_, i) => suffix(100 + i))];
    const affiliate: AffiliateDoc = {
      ...newAffiliate(uid, "a".repeat(254), now),
      ...payee,
      july4bug_comp_cents: big,
      payout_pending: true,
      pending_payout_id: invoice.invoice_number,
      last_payout: now,
      latest_invoice: invoice,
      ...numbers([
        "total_earnings_cents",
        "total_refunded_cents",
        "total_refunds",
        "total_payouts_cents",
        "total_sign_ups",
        "total_clicks",
        "total_filtered_clicks",
        "total_datacenter_clicks",
        "total_sales",
      ]),
      repeat_rates: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), 0.5])),
      by_advertiser: Object.fromEntries(
        advertiserIds.map((id) => [
          id,
          numbers([
            ...Object.keys(emptyAdvertiserTotals()),
            "filtered_clicks",
            "datacenter_clicks",
          ] as (keyof AdvertiserTotals)[]),
        ]),
      ) as AffiliateDoc["by_advertiser"],
      trackers: Object.fromEntries(
        advertiserIds.map((id) => [id, Object.fromEntries(keys.map((key) => [key, trackerTotals()]))]),
      ) as AffiliateDoc["trackers"],
      links: Object.fromEntries(advertiserIds.map((id) => [id, links])) as AffiliateDoc["links"],
      // Every catalogue landing page, for every advertiser (the only keys the shard keys let through).
      landings: Object.fromEntries(
        advertiserIds.map((id) => [
          id,
          Object.fromEntries(
            landingPages.map((page) => [landingKey(page.value), numbers(["clicks", "sign_ups", "first_sales"])]),
          ),
        ]),
      ) as AffiliateDoc["landings"],
      // The most postbacks, each with the longest URL a save lets through.
      postbacks: Array.from({ length: maxPostbacks }, (_, i) => ({
        id: `p${String(i).padStart(7, "0")}`,
        advertiser: "creategirls" as const,
        tracker: suffix(i),
        url: `https://${"t".repeat(maxTemplateLength - 9)}`,
        events: [...outboundEvents],
      })),
      recent_days: Object.fromEntries(
        lastDays(now, recentDaysKept).map((day) => [day, numbers(["clicks", "sign_ups", "sales", "earnings_cents"])]),
      ),
    };
    const size = documentSize(`affiliates/${uid}`, affiliate);
    console.info(`affiliates/{uid} worst case: ${size} bytes`);
    expect(size).toBeLessThan(40 * 1024);
  });

  test("affiliates/{uid}/days/{day}: under 1 KiB", () => {
    const figures = () =>
      numbers(["clicks", "sign_ups", "sales", "earnings_cents", "filtered_clicks", "datacenter_clicks"]);
    const day: DayDoc = {
      date: "2026-11-23",
      ...figures(),
      refunded_cents: big,
      by_advertiser: Object.fromEntries(advertiserIds.map((id) => [id, figures()])),
    };
    const size = documentSize(`affiliates/${uid}/days/2026-11-23`, day);
    console.info(`days/{day} worst case: ${size} bytes`);
    expect(size).toBeLessThan(1024);
  });

  test("clicks/{clickId}: under 2.5 KiB, whatever sub-ids a link carries, once converted", () => {
    const longestLanding = landingPages.reduce((longest, page) => Math.max(longest, page.value.length), 0);
    const subIds = Object.fromEntries(subIdNames.map((name) => [name, widest(subIdMaxLength)])) as SubIds;
    const click = newClick(
      { uid, advertiser_id: "creategirls", tracker: suffix(0), landing: "l".repeat(longestLanding) },
      subIds,
      now,
      365,
    );
    // Converted: its first conversion kept beside it (an advertiser's id of at most 128 characters).
    const converted = {
      ...click,
      converted_at: now,
      expire_at: null,
      first_conversion: { type: "sign_up", event_id: "e".repeat(128), occurred_at: now },
    };
    const size = documentSize(`clicks/${"c".repeat(22)}`, converted);
    console.info(`clicks/{clickId} worst case: ${size} bytes`);
    expect(size).toBeLessThan(2.5 * 1024);
  });

  test("sizes follow Firestore's rules", () => {
    expect(valueSize("abc")).toBe(4);
    expect(valueSize("€")).toBe(4);
    expect(valueSize({ a: 1, b: [true, null] })).toBe(2 + 8 + 2 + 2);
    expect(documentSize("users/jeff", { a: 1 })).toBe(6 + 5 + 16 + 2 + 8 + 32);
  });
});
