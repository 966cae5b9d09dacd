/**
 * Writes the demo data into the running emulators (run by scripts/seed.ts inside emulators:exec).
 *
 * Figures are never written by hand: the demo affiliates' activity is a list of advertiser events applied
 * by the product's own ledger (functions/lib, built first), at fixed times, so the data is consistent with
 * what the API would have produced and identical from run to run.
 */
import { createHash } from "node:crypto";
import { getAuth } from "firebase-admin/auth";
import type * as FirestoreModule from "../../functions/src/data/firestore.ts";
import type * as AdvertisersModule from "../../functions/src/domain/advertisers.ts";
import type * as EventsModule from "../../functions/src/domain/events.ts";
import type * as ModelModule from "../../functions/src/domain/model.ts";
import type * as AdjustmentsModule from "../../functions/src/ledger/adjustments.ts";
import type * as ProcessEventModule from "../../functions/src/ledger/process-event.ts";
import type * as ClicksModule from "../../functions/src/tracking/clicks.ts";
import type * as PayoutsModule from "../../functions/src/payouts/payouts.ts";
import type * as RecordPayoutModule from "../../functions/src/advertiser/record-payout.ts";
import { demoAccounts } from "../lib/demo-accounts.ts";
import { emulatorAdvertiserDocument } from "../lib/emulator-advertisers.ts";
import { demoProjectId } from "../lib/project.ts";
import { demoAffiliates, demoEvents, demoPayouts, seedTime } from "./demo-story.ts";

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error("The seed writes to the emulators only; run it through `npm run seed`.");
}
process.env.GCLOUD_PROJECT = demoProjectId;

// Run from the compiled functions (Node runs this script as is, and the sources import each other as
// .js); typed from the sources.
const compiled = <T>(path: string) =>
  import(new URL(`../../functions/lib/${path}`, import.meta.url).href) as Promise<T>;
const { db, refs } = await compiled<typeof FirestoreModule>("data/firestore.js");
const { advertisers, advertiserIds } = await compiled<typeof AdvertisersModule>("domain/advertisers.js");
const { newAffiliate } = await compiled<typeof ModelModule>("domain/model.js");
const { parseEvent } = await compiled<typeof EventsModule>("domain/events.js");
const { processEvent } = await compiled<typeof ProcessEventModule>("ledger/process-event.js");
const { rollUpClicks } = await compiled<typeof ClicksModule>("tracking/clicks.js");
const { creditCompensation } = await compiled<typeof AdjustmentsModule>("ledger/adjustments.js");
const { requestPayout } = await compiled<typeof PayoutsModule>("payouts/payouts.js");
const { recordPayout } = await compiled<typeof RecordPayoutModule>("advertiser/record-payout.js");

db(); // initialises the Admin SDK for the demo project
const auth = getAuth();
const createdAt = new Date("2025-02-01T12:00:00Z");

for (const id of advertiserIds) {
  await refs.advertisers().doc(id).set(emulatorAdvertiserDocument(id, advertisers[id]));
}

const users = [
  ...demoAccounts.map((account) => ({ ...account, claims: account.claims as Record<string, boolean> })),
  ...demoAffiliates
    .filter((affiliate) => !demoAccounts.some((account) => account.uid === affiliate.uid))
    .map((affiliate) => ({
      uid: affiliate.uid,
      email: affiliate.email,
      displayName: affiliate.details.name,
      claims: {} as Record<string, boolean>,
    })),
];
const imported = await auth.importUsers(
  users.map((user) => ({
    uid: user.uid,
    email: user.email,
    emailVerified: true,
    displayName: user.displayName,
    customClaims: user.claims,
    metadata: { creationTime: createdAt.toUTCString(), lastSignInTime: createdAt.toUTCString() },
    // Linked to Google so the Auth emulator's Google sign-in page offers them.
    providerData: [
      { uid: `google-${user.uid}`, providerId: "google.com", email: user.email, displayName: user.displayName },
    ],
  })),
);
if (imported.failureCount > 0) {
  throw new Error(`Importing the demo users failed: ${imported.errors.map((e) => e.error.message).join("; ")}`);
}

for (const affiliate of demoAffiliates) {
  await refs.affiliate(affiliate.uid).set({
    ...newAffiliate(affiliate.uid, affiliate.email, createdAt),
    ...affiliate.details,
    ...affiliate.settings,
  });
}

for (const affiliate of demoAffiliates) {
  if (affiliate.compensationCents) {
    await creditCompensation(affiliate.uid, affiliate.compensationCents, new Date("2025-08-28T12:00:00Z"));
  }
}

// The story in time order: advertiser events, and payouts requested (and recorded by the demo staff
// member) at their moments, through the same services the API calls.
type Step = { at: number; run: () => Promise<unknown> };
const staff = demoAccounts.find((account) => account.role === "advertiser staff")!;
const steps: Step[] = [
  ...demoEvents.map((body) => ({
    at: Date.parse(body.occurred_at),
    run: () => {
      const now = new Date(body.occurred_at);
      const raw = JSON.stringify(body);
      return processEvent(parseEvent(body, now), createHash("sha256").update(raw).digest("hex"), now);
    },
  })),
  ...demoPayouts.flatMap((payout) => [
    {
      at: Date.parse(payout.requestedAt),
      run: async () => {
        const affiliate = (await refs.affiliate(payout.uid).get()).data()!;
        return requestPayout(payout.uid, affiliate, new Date(payout.requestedAt));
      },
    },
    ...(payout.paidAt
      ? [
          {
            at: Date.parse(payout.paidAt),
            run: async () => {
              const affiliate = (await refs.affiliate(payout.uid).get()).data()!;
              const pending = (await refs.payouts().doc(affiliate.pending_payout_id!).get()).data()!;
              return recordPayout(payout.uid, pending.amount_cents, staff, new Date(payout.paidAt!));
            },
          },
        ]
      : []),
  ]),
].sort((a, b) => a.at - b.at);
for (const step of steps) await step.run();
for (const affiliate of demoAffiliates) await rollUpClicks(affiliate.uid, seedTime);

console.log(
  `Seeded ${users.length} users, ${demoAffiliates.length} affiliates, ${demoEvents.length} events and ` +
    `${demoPayouts.length} payouts.`,
);
