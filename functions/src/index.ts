import { setGlobalOptions } from "firebase-functions";
import { onRequest } from "firebase-functions/https";
import { onSchedule } from "firebase-functions/scheduler";
import { onTaskDispatched } from "firebase-functions/tasks";
import {
  eventSigningSecrets,
  postbackCalls,
  postbackDelivery,
  postbackUrlRules,
  siteUrl,
  staffDigestEmails,
  visitorSalt,
} from "./config.js";
import { maxQueueBackoffSeconds } from "./data/postback-outbox.js";
import { deliverQueued, sweepOutbox } from "./postbacks/deliver.js";
import { writeStaffDigest } from "./advertiser/staff-digest.js";
import { createApp } from "./http/app.js";
import { handleTrack } from "./http/track.js";
import { rollUpAllClicks } from "./tracking/clicks.js";

setGlobalOptions({ region: "us-central1", maxInstances: 50 });

/** The product API: Hosting rewrites /api/** here. */
export const api = onRequest({ memory: "512MiB", concurrency: 80, secrets: [eventSigningSecrets] }, createApp());

/** The tracking links: Hosting rewrites /m/** here. Small and fast: it only counts and redirects. */
export const track = onRequest({ memory: "256MiB", concurrency: 200, secrets: [visitorSalt] }, handleTrack);

/** Folds click shards into the affiliates' totals and day documents. */
export const rollUpClicks = onSchedule({ schedule: "every 5 minutes", timeoutSeconds: 540 }, async () => {
  await rollUpAllClicks();
  // And the affiliates' postbacks a crash left staged but not queued.
  await sweepOutbox(new Date());
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
      maxBackoffSeconds: maxQueueBackoffSeconds,
      maxDoublings: 6,
    },
    rateLimits: { maxConcurrentDispatches: 50 },
    memory: "256MiB",
    timeoutSeconds: 30,
  },
  async (request) => {
    await deliverQueued(request.data.id, postbackDelivery.maxAttempts.value(), postbackUrlRules());
  },
);

/** The staff's daily e-mail of payouts due (advertiser/staff-digest.ts), once a day whatever the retries. */
export const staffDigest = onSchedule({ schedule: "every day 08:00", timeZone: "Etc/UTC" }, async () => {
  await writeStaffDigest(new Date(), staffDigestEmails(), siteUrl());
});
