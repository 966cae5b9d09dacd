/**
 * The functions' configuration, read in one place. Secrets are Cloud Secret Manager secrets in production
 * (`firebase functions:secrets:set NAME`); the emulators read demo values from functions/.secret.local,
 * which the project's scripts write (scripts/lib/local-secrets.ts).
 */
import { defineInt, defineJsonSecret, defineSecret, defineString } from "firebase-functions/params";
import { addressLines, type InvoiceIssuer } from "./domain/programme.js";
import type { AdvertiserId } from "./domain/advertisers.js";

/** Per advertiser, the key its server signs POST /api/events bodies with (HMAC-SHA256). */
export const eventSigningSecrets = defineJsonSecret<Record<AdvertiserId, string>>("EVENT_SIGNING_SECRETS");

/**
 * The admin accounts (SPEC.md §6's "single hard-coded account", as configuration): a comma-separated list
 * of e-mails. A signed-in user with a verified e-mail on it is an admin, and is given the admin claim so
 * the Firestore rules agree.
 */
const adminEmailsParam = defineString("ADMIN_EMAILS", { default: "" });

export function adminEmails(): string[] {
  return adminEmailsParam
    .value()
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/** Who gets the daily digest of payouts due (comma-separated e-mails; none: no digest). */
const staffDigestEmailsParam = defineString("STAFF_DIGEST_EMAILS", { default: "" });

export function staffDigestEmails(): string[] {
  return staffDigestEmailsParam
    .value()
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Who issues the invoices (domain/programme.ts InvoiceIssuer): the operator's registered name and postal
 * address. No default: a deploy asks for them, so no invoice goes out under a made-up company.
 */
const operatorLegalNameParam = defineString("OPERATOR_LEGAL_NAME", {
  description: "The operating company's registered name, printed on every invoice.",
});
const operatorPostalAddressParam = defineString("OPERATOR_POSTAL_ADDRESS", {
  description: 'Its postal address, lines separated by ";" ("Suite 4, 1 Quay St; Dublin D02 X285; Ireland").',
});

export const invoiceIssuer = (): InvoiceIssuer => ({
  legalName: operatorLegalNameParam.value().trim(),
  postalAddress: addressLines(operatorPostalAddressParam.value()),
});

/** The site's public address, for links in e-mails ("https://partners.example"; none: e-mails name no link). */
const siteUrlParam = defineString("SITE_URL", { default: "" });

export const siteUrl = (): string => siteUrlParam.value().replace(/\/+$/, "");

/**
 * Where the public pages' function (issue 34) fetches the prerendered pages from: the site itself, or the
 * project's default Hosting address when SITE_URL is not set. Never a header of the request, which a caller
 * of the function's own address could set, and whose page the CDN would then serve to everyone.
 */
export function pagesOrigin(): string {
  const project = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT;
  return siteUrl() || `https://${project}.web.app`;
}

/**
 * How long an instance of the public pages' function keeps the terms in force and the prerendered pages
 * before reading them again; with the CDN's s-maxage (pages/public-pages.ts) a change of the rates shows
 * within five minutes. The emulators' env file says 0, so a test sees a change at once.
 */
export const publicPagesCacheSeconds = defineInt("PUBLIC_PAGES_CACHE_SECONDS", { default: 60 });

/**
 * Affiliates' postbacks (issue 18): how many times the task queue tries a call and how long it first waits
 * between tries (doubling up to an hour), and the hosts that may be called although they are private:
 * none in production; the emulators' env file names 127.0.0.1 so the tests' receiver can be called.
 */
export const postbackDelivery = {
  maxAttempts: defineInt("POSTBACK_MAX_ATTEMPTS", { default: 6 }),
  minBackoffSeconds: defineInt("POSTBACK_MIN_BACKOFF_SECONDS", { default: 30 }),
};

/** Deadline of a call, and how many calls to one affiliate's receivers may be in flight at once. */
const postbackDeadlineMs = 5_000;
export const postbackCalls = {
  /** One hard deadline for a whole call: lookup, connection, headers and the answer's body. */
  deadlineMs: postbackDeadlineMs,
  lanes: {
    atOnce: 2,
    /** A lane is held past the deadline by this margin, then freed even if its process died mid-call. */
    leaseMs: postbackDeadlineMs + 5_000,
  },
  /**
   * How many times the queue runs a delivery task: its calls (POSTBACK_MAX_ATTEMPTS) and the runs that found
   * the affiliate's lanes full, which call nothing. Spread by the queue's backoff (doubling up to an hour),
   * these last about two days; an entry they did not finish is swept and enqueued again.
   */
  queueRuns: 50,
  /** The longest the queue waits between runs of a task. */
  maxQueueBackoffSeconds: 3600,
};
const postbackAllowedHostsParam = defineString("POSTBACK_ALLOWED_HOSTS", { default: "" });

export function postbackUrlRules(): { allowedHosts: string[] } {
  return {
    allowedHosts: postbackAllowedHostsParam
      .value()
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}

/**
 * How many proxies of the platform stand in front of the functions, counting the one that connects to them;
 * the client's address is the X-Forwarded-For entry the outermost of them appended (http/client-address.ts).
 * No default: each deployment states its own (docs/hardening.md, "Client addresses"), 2 for Firebase
 * Hosting's rewrites; the emulators' env file says 1 (the tests stand in for Hosting's CDN).
 */
export const trustedProxyHops = defineInt("TRUSTED_PROXY_HOPS", {
  description:
    "Proxies in front of the functions (Firebase Hosting: 2). Check with GET /api/client_address, docs/hardening.md.",
});

/** Salts the hash that identifies a click's visitor, so no IP address is ever stored. */
export const visitorSalt = defineSecret("VISITOR_SALT");

/**
 * Keys the hash that names a payout destination in the server-only index of who shares one (issue 33), so
 * the index never holds a destination and a copy of it cannot be matched against guessed e-mails or
 * accounts. Its own secret, not the visitor's: each can be rotated without the other (a new value needs
 * `npm run migrate:payout-destinations` to rebuild the index).
 */
export const payoutDestinationSalt = defineSecret("PAYOUT_DESTINATION_SALT");

/**
 * Rate limits per minute (configuration: the deploy asks for them, the emulators read .env.<project>): API
 * calls per signed-in caller, link clicks per address, events per advertiser, postbacks with a wrong token
 * per address.
 */
export const rateLimits = {
  apiPerCaller: defineInt("RATE_LIMIT_API_PER_MINUTE", { default: 300 }),
  clicksPerAddress: defineInt("RATE_LIMIT_CLICKS_PER_MINUTE", { default: 120 }),
  eventsPerAdvertiser: defineInt("RATE_LIMIT_EVENTS_PER_MINUTE", { default: 20_000 }),
  badTokensPerAddress: defineInt("RATE_LIMIT_BAD_TOKENS_PER_MINUTE", { default: 30 }),
};

export const limits = {
  /** An event's signature timestamp may be this far from our clock. */
  eventSignatureToleranceSeconds: 300,
  /** Events are small; a bigger body is refused before anything is done with it (http/raw-body.ts). */
  maxEventBodyBytes: 16 * 1024,
  /** A batch of events (POST /api/events/batch; contract/advertiser-servers.ts caps its count). */
  maxEventBatchBodyBytes: 512 * 1024,
  /** The signed-in API's forms are small too. */
  maxApiBodyBytes: 64 * 1024,
  /** Clicks of one affiliate spread over this many shard documents (DESIGN.md: a hot link never funnels into one). */
  clickShards: 10,
  /** One visitor clicking one link counts once per this window. */
  clickDedupeWindowMs: 60 * 60 * 1000,
  /** Transactions on one affiliate queue behind each other; this many attempts absorbs a burst. */
  transactionAttempts: 25,
  /** Custom tracker links per advertiser. */
  maxLinksPerAdvertiser: 20,
  /** Ledger entries get_user_data returns, newest first. */
  userDataTransactions: 50,
  /**
   * A refund waiting this many days for its sale is shown to staff as overdue. A sale's event comes when
   * the sale is made and a refund days or weeks later, so a refund only waits when events cross in flight
   * or a delivery is retried, which advertisers' servers give up on within a few days (signatures go
   * stale after 300 s, so a retry is a fresh send). After a week the sale is not coming: the refund names
   * the wrong sale or affiliate, or the sale's event was lost. A week also matches the dashboards' Last 7
   * Days, so a stuck refund is raised before it drops out of them.
   */
  pendingRefundOverdueDays: 7,
  /** Refunds and chargebacks kept for one sale that has not arrived (pending_refunds stays bounded). */
  maxPendingRefundsPerSale: 20,
};
