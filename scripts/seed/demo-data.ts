/**
 * Writes the demo data into the running emulators (run by scripts/seed.ts inside emulators:exec).
 *
 * Figures are never written by hand: the demo affiliates' activity is a list of advertiser events applied
 * by the product's own ledger (functions/src, as it is written), at fixed times, so the data is consistent
 * with what the API would have produced and identical from run to run.
 */
import { createHash } from "node:crypto";
import { getAuth } from "firebase-admin/auth";
import "../lib/functions-sources.ts";
import { demoAccounts } from "../lib/demo-accounts.ts";
import { demoSecrets } from "../lib/local-secrets.ts";
import { emulatorAdvertiserDocument } from "../lib/emulator-advertisers.ts";
import { demoProjectId } from "../lib/project.ts";
import type { PayoutDestinationDoc } from "../../functions/src/domain/shared-destination.ts";
import { demoAffiliates, demoEvents, demoLinkClicks, demoPayouts, seedTime } from "./demo-story.ts";

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error("The seed writes to the emulators only; run it through `npm run seed`.");
}
process.env.GCLOUD_PROJECT = demoProjectId;
// The index of shared payout destinations is keyed with the salt the emulated functions have.
process.env.PAYOUT_DESTINATION_SALT ??= demoSecrets.PAYOUT_DESTINATION_SALT;

// The product's own code, imported once the project is set (and after functions-sources.ts, which lets
// Node load it).
const { db, refs } = await import("../../functions/src/data/firestore.ts");
const { advertisers, advertiserIds } = await import("../../functions/src/domain/advertisers.ts");
const { newAffiliate } = await import("../../functions/src/domain/model.ts");
const { parseEvent } = await import("../../functions/src/domain/events.ts");
const { processEvent } = await import("../../functions/src/ledger/process-event.ts");
const { rollUpClicks } = await import("../../functions/src/tracking/clicks.ts");
const { creditCompensation } = await import("../../functions/src/ledger/adjustments.ts");
const { requestPayout } = await import("../../functions/src/payouts/payouts.ts");
const { recordPayout } = await import("../../functions/src/advertiser/record-payout.ts");
const { followLink } = await import("../../functions/src/tracking/track.ts");
const { postbackFingerprint } = await import("../../functions/src/domain/inbound-postback.ts");
const { logPostback } = await import("../../functions/src/data/integrations.ts");
const { migratePayoutDestinations } = await import("../lib/payout-destinations-migration.ts");
const { raiseSharedDestination } = await import("../../functions/src/data/risk-cases.ts");
const { collections } = await import("../../functions/src/domain/model.ts");

db(); // initialises the Admin SDK for the demo project
const auth = getAuth();
const createdAt = new Date("2025-02-01T12:00:00Z");

// The story is told without the commission hold (issue 19), as it happened before the hold existed: its
// payouts are asked for soon after the sales that earn them. The advertisers' documents are written again
// without it when the story ends, so the programme's settings are SPEC.md's defaults, the hold included,
// for every sale from then on and for any date a test backdates a sale to.
for (const id of advertiserIds) {
  await refs
    .advertisers()
    .doc(id)
    .set({ ...emulatorAdvertiserDocument(id, advertisers[id]), hold_days: 0 });
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

// Their payout details in the index of shared destinations, as saving them through the API would have.
await migratePayoutDestinations(db(), { salt: demoSecrets.PAYOUT_DESTINATION_SALT, now: createdAt });
// And the signals that save would have raised (issue 33): Fred joining Henry's Wise account opens a case for
// each under the default rule (flag only: nothing held), which staff find in the console's Risk section.
const sharedEntries = await db().collection(collections.payoutDestinations).where("shared", "==", true).get();
for (const entry of sharedEntries.docs) {
  const { kind, uids } = entry.data() as PayoutDestinationDoc;
  await raiseSharedDestination(uids.at(-1)!, { key: entry.id, kind, others: uids.slice(0, -1) }, createdAt);
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
const postbacks: {
  at: number;
  type: "sign_up" | "sale";
  id: string;
  clickId: string;
  amount: string | null;
  outcome: "applied" | "pending" | "ignored" | "duplicate";
}[] = [];
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
  ...linkClickSteps(),
].sort((a, b) => a.at - b.at);
for (const step of steps) await step.run();
await integrations();
for (const affiliate of demoAffiliates) await rollUpClicks(affiliate.uid, seedTime);
for (const id of advertiserIds) {
  await refs.advertisers().doc(id).set(emulatorAdvertiserDocument(id, advertisers[id]));
}

console.log(
  `Seeded ${users.length} users, ${demoAffiliates.length} affiliates, ${demoEvents.length} events, ` +
    `${demoLinkClicks.length} link clicks, ${postbacks.length} postbacks and ${demoPayouts.length} payouts.`,
);

/**
 * The demo affiliate's link clicks, through the redirect's own code (followLink), and the conversions
 * the platform reports by their click ids, through the ledger as a postback applies them.
 */
function linkClickSteps(): Step[] {
  const uid = "demo-affiliate";
  const host = new URL(emulatorAdvertiserDocument("promptchan", advertisers.promptchan).link_domain).host;
  return demoLinkClicks.flatMap((click, index) => {
    let clickId: string | null = null;
    const conversion = (type: "sign_up" | "sale", at: number, amount?: string): Step => ({
      at,
      run: async () => {
        if (!clickId) throw new Error(`Demo click ${index} got no click id.`);
        const doc = (await refs.clicks().doc(clickId).get()).data()!;
        const id = `pc-${type}-${index}`;
        const amountCents = amount === undefined ? undefined : Math.round(Number(amount) * 100);
        const input = {
          type,
          transactionId: id,
          clickId,
          ...(amountCents === undefined ? {} : { amountCents }),
          repeatIndex: 0,
          saleId: null,
          occurredAt: null,
        };
        const sha = createHash("sha256").update(postbackFingerprint("promptchan", input)).digest("hex");
        const base = { id, advertiser: "promptchan" as const, uid, tracker: doc.tracker, occurredAt: new Date(at) };
        const event =
          type === "sale"
            ? { ...base, type: "sale" as const, amountCents: amountCents!, repeatIndex: 0 }
            : { ...base, type: "sign_up" as const };
        const outcome = await processEvent(event, sha, new Date(at), { click: { id: clickId, doc } });
        postbacks.push({ at, type, id, clickId, amount: amount ?? null, outcome: outcome.status });
      },
    });
    return [
      {
        at: click.at,
        run: async () => {
          const target = await followLink(
            {
              host,
              link: { uid, suffix: click.suffix },
              landing: click.landing,
              subIds: { sub1: click.sub1, sub2: click.sub2, sub3: null, sub4: null, sub5: null },
              countAs: click.visitor,
              filtered: null,
            },
            new Date(click.at),
          );
          clickId = new URL(target).searchParams.get("click_id");
        },
      },
      ...(click.signUpAt === null ? [] : [conversion("sign_up", click.signUpAt)]),
      ...(click.sale === null ? [] : [conversion("sale", click.sale.at, click.sale.amount)]),
    ];
  });
}

/**
 * Each advertiser's postback token (the emulators' documented demo value, like the signing secrets), and
 * promptchan's log of the postbacks above, as the integration page shows them.
 */
async function integrations(): Promise<void> {
  for (const id of advertiserIds) {
    await db()
      .collection("integrations")
      .doc(id)
      .set({
        tokens: [{ token: `pbt_demo_${id}`, created_at: seedTime, created_by: staff.email, expires_at: null }],
        test_click_id: null,
      });
  }
  for (const [index, postback] of postbacks.entries()) {
    await logPostback(
      "promptchan",
      {
        received_at: new Date(postback.at),
        method: "GET",
        event: postback.type,
        transaction_id: postback.id,
        click_id: postback.clickId,
        amount: postback.amount,
        status: 200,
        outcome: postback.outcome === "duplicate" ? "duplicate" : postback.outcome,
        reason: null,
      },
      `demo-${String(index).padStart(4, "0")}`,
    );
  }
}
