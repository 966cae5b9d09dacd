import { setGlobalOptions } from "firebase-functions/options";
import { onRequest } from "firebase-functions/https";
import { onSchedule } from "firebase-functions/scheduler";
import { onTaskDispatched } from "firebase-functions/tasks";
import { logger } from "firebase-functions/logger";
import {
  eventSigningSecrets,
  payoutDestinationSalt,
  postbackCalls,
  postbackDelivery,
  postbackUrlRules,
  siteUrl,
  staffDigestEmails,
  visitorSalt,
} from "./config.js";

/**
 * Each function loads what it runs, at its first call, and nothing else: a cold start of `track`, on a
 * visitor's click, does not load the API's routes and services, and a deploy's analysis of this file
 * loads none of them. Loaded once per instance; a failed load is tried again by the next call.
 */
function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const apiApp = lazily(async () => (await import("./http/app.js")).createApp());
const trackHandler = lazily(async () => (await import("./http/track.js")).handleTrack);
const pageHandler = lazily(async () => (await import("./http/public-pages.js")).handlePublicPage);
const clicks = lazily(() => import("./tracking/clicks.js"));
const delivery = lazily(() => import("./postbacks/deliver.js"));
const digest = lazily(() => import("./advertiser/staff-digest.js"));
const ratesNotices = lazily(() => import("./groups/rates-notices.js"));
const refundRates = lazily(() => import("./risk/refund-rate.js"));
const trafficQuality = lazily(() => import("./risk/traffic-quality.js"));
const salesSpikes = lazily(() => import("./risk/sales-spike.js"));
const clicklessSignUps = lazily(() => import("./risk/clickless-sign-ups.js"));
const addressBlocks = lazily(() => import("./risk/address-blocks.js"));

setGlobalOptions({ region: "us-central1", maxInstances: 50 });

/** The product API: Hosting rewrites /api/** here. */
export const api = onRequest(
  { memory: "512MiB", concurrency: 80, secrets: [eventSigningSecrets, payoutDestinationSalt] },
  async (req, res) => {
    (await apiApp())(req, res);
  },
);

/** The tracking links: Hosting rewrites /m/** here. Small and fast: it only counts and redirects. */
export const track = onRequest({ memory: "256MiB", concurrency: 200, secrets: [visitorSalt] }, async (req, res) => {
  await (
    await trackHandler()
  )(req, res);
});

/**
 * The public pages that state the programme's rates, with the rates in force (issue 34): Hosting rewrites
 * their paths, and every path nothing else serves, here. Small: it reads the settings and fills in a page.
 */
export const pages = onRequest({ memory: "256MiB", concurrency: 80 }, async (req, res) => {
  await (
    await pageHandler()
  )(req, res);
});

/** Folds click shards into the affiliates' totals and day documents. */
export const rollUpClicks = onSchedule({ schedule: "every 5 minutes", timeoutSeconds: 540 }, async () => {
  await (await clicks()).rollUpAllClicks();
  // And the affiliates' postbacks a crash left staged but not queued.
  await (await delivery()).sweepOutbox(new Date());
});

/**
 * Calls an affiliate's postback (postbacks/deliver.ts); the queue runs the task again with backoff after a
 * failed call, and after finding the affiliate's lanes full. Each call ends by its deadline, well within
 * the task's timeout, so every attempt is logged.
 */
export const deliverPostback = onTaskDispatched<{ id: string }>(
  {
    retryConfig: {
      maxAttempts: postbackCalls.queueRuns,
      minBackoffSeconds: postbackDelivery.minBackoffSeconds,
      maxBackoffSeconds: postbackCalls.maxQueueBackoffSeconds,
      maxDoublings: 6,
    },
    rateLimits: { maxConcurrentDispatches: 50 },
    memory: "256MiB",
    timeoutSeconds: 30,
  },
  async (request) => {
    const { deliverQueued } = await delivery();
    await deliverQueued(request.data.id, postbackDelivery.maxAttempts.value(), postbackUrlRules());
  },
);

/** The staff's daily e-mail of payouts due (advertiser/staff-digest.ts), once a day whatever the retries. */
export const staffDigest = onSchedule({ schedule: "every day 08:00", timeZone: "Etc/UTC" }, async () => {
  await (await digest()).writeStaffDigest(new Date(), staffDigestEmails(), siteUrl());
});

/**
 * The e-mails telling affiliates that lower rates reach them from a notice date (groups/rates-notices.ts):
 * each once, the day after the change is saved at the latest, at least 13 days before the date.
 */
export const ratesNotice = onSchedule(
  { schedule: "every day 07:00", timeZone: "Etc/UTC", timeoutSeconds: 540 },
  async () => {
    const written = await (await ratesNotices()).writeRatesNotices(new Date(), siteUrl());
    logger.info("rates notices", written);
  },
);

/**
 * The daily risk review (docs/risk.md): affiliates refunded since yesterday whose refund and chargeback rates
 * are far above the programme's (risk/refund-rate.ts), and those with clicks filtered lately whose traffic
 * is mostly bots' and datacenters' (risk/traffic-quality.ts), those whose sales yesterday were far above
 * their own norm (risk/sales-spike.ts), those with more sign-ups lately than counted clicks that could
 * have brought them (risk/clickless-sign-ups.ts), and those whose sign-ups yesterday came mostly from one
 * address block (risk/address-blocks.ts), get a signal in their risk case, each when its rule is on.
 */
export const riskReview = onSchedule(
  { schedule: "every day 06:00", timeZone: "Etc/UTC", timeoutSeconds: 540 },
  async () => {
    const now = new Date();
    const refunds = await (await refundRates()).lookAtRefundRates(now);
    const traffic = await (await trafficQuality()).lookAtTrafficQuality(now);
    const spikes = await (await salesSpikes()).lookAtSalesSpikes(now);
    const clickless = await (await clicklessSignUps()).lookAtClicklessSignUps(now);
    const blocks = await (await addressBlocks()).lookAtAddressBlocks(now);
    logger.info("risk review", { refunds, traffic, spikes, clickless, blocks });
  },
);
