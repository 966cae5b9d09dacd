/** Writes the demo data into the running emulators (run by scripts/seed.ts inside emulators:exec). */
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { demoAccounts } from "../lib/demo-accounts.ts";
import { demoProjectId } from "../lib/project.ts";

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error("The seed writes to the emulators only; run it through `npm run seed`.");
}

const app = initializeApp({ projectId: demoProjectId });
const auth = getAuth(app);
const db = getFirestore(app);

// Fixed times keep the export the same from run to run.
const createdAt = new Date("2025-02-01T12:00:00Z");

const imported = await auth.importUsers(
  demoAccounts.map((account) => ({
    uid: account.uid,
    email: account.email,
    emailVerified: true,
    displayName: account.displayName,
    customClaims: account.claims,
    metadata: { creationTime: createdAt.toUTCString(), lastSignInTime: createdAt.toUTCString() },
    // Linked to Google so the Auth emulator's Google sign-in page offers them.
    providerData: [
      {
        uid: `google-${account.uid}`,
        providerId: "google.com",
        email: account.email,
        displayName: account.displayName,
      },
    ],
  })),
);
if (imported.failureCount > 0) {
  throw new Error(`Importing the demo users failed: ${imported.errors.map((e) => e.error.message).join("; ")}`);
}

await db.doc("affiliates/demo-affiliate").set({
  uid: "demo-affiliate",
  email: "affiliate@demo.test",
  created_at: Timestamp.fromDate(createdAt),
  commission_rate: 0.6,
  total_earnings_cents: 48_210,
  total_refunded_cents: 1_200,
  total_payouts_cents: 20_000,
});

console.log(`Seeded ${demoAccounts.length} users and the demo affiliate.`);
