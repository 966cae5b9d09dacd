/**
 * The demo data's story: who the demo affiliates are and what their visitors did, as advertiser events at
 * fixed times. A seeded pseudo-random generator makes it look lived-in and keeps it the same every run.
 */
import type { EventBody } from "../lib/events-client.ts";

/** "Now" for the demo data: the last events happen shortly before it. */
export const seedTime = new Date("2026-11-20T18:00:00Z");

interface DemoAffiliate {
  uid: string;
  email: string;
  details: Record<string, string>;
  settings: Record<string, unknown>;
  /** The July 4th bug compensation credited, in cents. */
  compensationCents?: number;
  /** Days of activity before seedTime, and how busy each day is. */
  activity: { days: number; clicksPerDay: number; signUpRate: number; saleRate: number; price: number };
}

const details = (name: string, extra: Record<string, string> = {}) => ({
  name,
  country: "United States",
  city: "Austin",
  address: "500 Congress Ave",
  post_code: "78701",
  company: `${name.split(" ")[0]} Media LLC`,
  invoice_email: `${name.split(" ")[0]!.toLowerCase()}@demo.test`,
  tax: "US-EIN-12-3456789",
  payout_type: "Wise",
  paypal_payout_account: `${name.split(" ")[0]!.toLowerCase()}.wise@demo.test`,
  ...extra,
});

export const demoAffiliates: DemoAffiliate[] = [
  {
    uid: "demo-affiliate",
    email: "affiliate@demo.test",
    details: details("Dana Demo", {
      country: "Portugal",
      city: "Lisbon",
      address: "Rua Augusta 100",
      post_code: "1100-053",
    }),
    settings: {
      links: { promptchan: ["/tw", "/reddit"], cutechat: ["/ig"], creategirls: [] },
      july4bug_comp_cents: 2_500,
    },
    activity: { days: 90, clicksPerDay: 14, signUpRate: 0.12, saleRate: 0.35, price: 19.99 },
  },
  {
    uid: "demo-hot-henry",
    email: "henry@demo.test",
    details: details("Henry Hotline"),
    settings: { links: { promptchan: ["/promo"], cutechat: [], creategirls: [] } },
    activity: { days: 20, clicksPerDay: 6, signUpRate: 0.05, saleRate: 1, price: 199.99 },
  },
  {
    uid: "demo-wire-wanda",
    email: "wanda@demo.test",
    details: details("Wanda Wire", {
      payout_type: "Wire Transfer",
      fedwire_routing_number: "021000021",
      bank_account_number: "000123456789",
      account_type: "Savings",
      swift_BIC: "CHASUS33",
    }),
    settings: { links: { promptchan: ["/yt"], cutechat: [], creategirls: ["/blog"] } },
    activity: { days: 60, clicksPerDay: 10, signUpRate: 0.15, saleRate: 0.5, price: 14.99 },
  },
  {
    uid: "demo-neutral-nick",
    email: "nick@demo.test",
    details: details("Nick Neutral", {
      payout_type: "Crypto (TRON)",
      tron_address: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
    }),
    settings: {},
    activity: { days: 30, clicksPerDay: 12, signUpRate: 0.25, saleRate: 0.04, price: 9.99 },
  },
  {
    uid: "demo-low-lena",
    email: "lena@demo.test",
    // Paid by bank transfer to her IBAN (issue 32), as affiliates outside the US are.
    details: details("Lena Lowkey", {
      country: "Germany",
      city: "Berlin",
      address: "Friedrichstraße 43",
      post_code: "10117",
      tax: "DE123456789",
      payout_type: "Bank Transfer (IBAN)",
      paypal_payout_account: "",
      iban: "DE89370400440532013000",
      swift_BIC: "COBADEFF",
      account_holder: "Lena Lowkey",
    }),
    settings: {},
    activity: { days: 30, clicksPerDay: 20, signUpRate: 0.3, saleRate: 0.01, price: 9.99 },
  },
  {
    uid: "demo-new-noah",
    email: "noah@demo.test",
    details: {},
    settings: {},
    activity: { days: 0, clicksPerDay: 0, signUpRate: 0, saleRate: 0, price: 0 },
  },
  {
    uid: "demo-fraud-fred",
    email: "fred@demo.test",
    // Paid to Henry's Wise account (written in another case): one person, two accounts (issue 33), which
    // staff see on both cards.
    details: details("Fred Fraudster", { paypal_payout_account: "Henry.Wise@demo.test" }),
    settings: { fraud_user: true },
    activity: { days: 10, clicksPerDay: 30, signUpRate: 0.3, saleRate: 0.3, price: 19.99 },
  },
];

/**
 * Payouts in the story: the demo affiliate was paid mid-October (so may ask again now), Wanda early in
 * November (so her next is a month away), and Henry, the HIGH RISK one, has one waiting for staff.
 */
export const demoPayouts: { uid: string; requestedAt: string; paidAt?: string }[] = [
  { uid: "demo-wire-wanda", requestedAt: "2026-11-03T09:00:00Z", paidAt: "2026-11-05T15:30:00Z" },
  { uid: "demo-affiliate", requestedAt: "2026-10-12T10:00:00Z", paidAt: "2026-10-14T16:00:00Z" },
  { uid: "demo-hot-henry", requestedAt: "2026-11-19T08:00:00Z" },
];

/** mulberry32: a small, well-known seeded generator; the same seed gives the same story. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const dayMs = 24 * 60 * 60 * 1000;

function storyOf(affiliate: DemoAffiliate, index: number): EventBody[] {
  const random = generator(index + 1);
  const trackers = ["", ...(((affiliate.settings.links as Record<string, string[]>)?.promptchan ?? []) as string[])];
  const events: EventBody[] = [];
  const sales: { id: string; at: number }[] = [];
  let counter = 0;
  const event = (type: string, at: number, extra: Partial<EventBody> = {}): EventBody => ({
    id: `demo-${affiliate.uid}-${type}-${++counter}`,
    advertiser_id: "promptchan",
    type,
    uid: affiliate.uid,
    occurred_at: new Date(at).toISOString(),
    ...extra,
  });

  for (let day = affiliate.activity.days; day >= 1; day--) {
    const dayStart = seedTime.getTime() - day * dayMs;
    const clicks = Math.round(affiliate.activity.clicksPerDay * (0.5 + random()));
    for (let c = 0; c < clicks; c++) {
      const at = dayStart + Math.floor(random() * dayMs);
      const tracker = trackers[Math.floor(random() * trackers.length)]!;
      events.push(event("click", at, tracker ? { tracker } : {}));
      if (random() >= affiliate.activity.signUpRate) continue;
      events.push(event("sign_up", at + 60_000, tracker ? { tracker } : {}));
      if (random() >= affiliate.activity.saleRate) continue;
      const sale = event("sale", at + 600_000, { amount: affiliate.activity.price, ...(tracker ? { tracker } : {}) });
      events.push(sale);
      sales.push({ id: sale.id, at: at + 600_000 });
    }
  }
  // Monthly renewals of the early sales, and a refund and a chargeback for the story.
  for (const [i, sale] of sales.entries()) {
    for (let n = 1; sale.at + n * 30 * dayMs < seedTime.getTime(); n++) {
      events.push(event("sale", sale.at + n * 30 * dayMs, { amount: affiliate.activity.price, repeat_index: n }));
    }
    if (i === 1) events.push(event("refund", sale.at + 2 * dayMs, { refers_to: sale.id }));
    if (i === 3) events.push(event("chargeback", sale.at + 5 * dayMs, { refers_to: sale.id }));
  }
  return events;
}

export const demoEvents: EventBody[] = demoAffiliates
  .flatMap((affiliate, index) => storyOf(affiliate, index))
  .filter((event) => Date.parse(event.occurred_at) < seedTime.getTime())
  .sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at));

/**
 * Issue 18's side of the demo affiliate's month: clicks on their promptchan links with landing pages and
 * sub-ids, through the tracking redirect's own code, and the sign-ups and sales the advertiser's platform
 * then reports by click id (postbacks). They fill the conversion report by landing page, and the
 * integration page's log.
 */
export interface DemoLinkClick {
  at: number;
  suffix: string;
  landing: string;
  sub1: string;
  sub2: string;
  /** The visitor, as the redirect's salted hash would name them. */
  visitor: string;
  signUpAt: number | null;
  sale: { at: number; amount: string } | null;
}

/** Landing pages with how often the demo affiliate sends visitors there and how well each converts. */
const demoLandings = [
  { landing: "/ai-porn", share: 0.4, signUpRate: 0.22, saleRate: 0.45 },
  { landing: "", share: 0.25, signUpRate: 0.1, saleRate: 0.3 },
  { landing: "/nsfw-ai-chat", share: 0.2, signUpRate: 0.16, saleRate: 0.35 },
  { landing: "/ai-generator", share: 0.15, signUpRate: 0.06, saleRate: 0.2 },
];
const demoCampaigns = ["tiktok-nov", "reddit-ads", "newsletter"];

function linkClicksOf(days: number, perDay: number): DemoLinkClick[] {
  const random = generator(1_018);
  const clicks: DemoLinkClick[] = [];
  for (let day = days; day >= 1; day--) {
    const dayStart = seedTime.getTime() - day * dayMs;
    const count = Math.round(perDay * (0.5 + random()));
    for (let c = 0; c < count; c++) {
      const at = dayStart + Math.floor(random() * dayMs);
      let pick = random();
      const page = demoLandings.find((candidate) => (pick -= candidate.share) < 0) ?? demoLandings[0]!;
      const suffix = ["", "/tw", "/reddit"][Math.floor(random() * 3)]!;
      const converts = random() < page.signUpRate;
      const buys = converts && random() < page.saleRate;
      clicks.push({
        at,
        suffix,
        landing: page.landing,
        sub1: demoCampaigns[Math.floor(random() * demoCampaigns.length)]!,
        sub2: `placement-${1 + Math.floor(random() * 4)}`,
        visitor: `demo-visitor-${day}-${c}`,
        signUpAt: converts ? at + 90_000 : null,
        sale: buys ? { at: at + 900_000, amount: "19.99" } : null,
      });
    }
  }
  return clicks.filter((click) => click.at < seedTime.getTime());
}

export const demoLinkClicks: DemoLinkClick[] = linkClicksOf(30, 12);
