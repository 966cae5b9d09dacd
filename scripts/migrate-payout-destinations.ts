/**
 * npm run migrate:payout-destinations -- [--project <id>] [--emulator] [--dry-run]
 *
 * Builds the server-only index of shared payout destinations (issue 33: who uses the same Wise e-mail,
 * TRON address or bank account; functions/src/data/payout-destinations.ts) from the payout details stored
 * on every affiliate (scripts/lib/payout-destinations-migration.ts). Saving details keeps it from then on;
 * run it once per project right after deploying the functions that keep it, and again after changing
 * PAYOUT_DESTINATION_SALT. The salt comes from the environment (PAYOUT_DESTINATION_SALT, the secret's
 * value); against the emulators, the demo value. Safe to run again and while the API serves. The options:
 * scripts/lib/migration-cli.ts.
 */
import "./lib/functions-sources.ts";
import { demoSecrets } from "./lib/local-secrets.ts";
import { runMigration } from "./lib/migration-cli.ts";

// Imported once functions-sources.ts lets Node load the functions' code it runs.
const { migratePayoutDestinations } = await import("./lib/payout-destinations-migration.ts");

await runMigration("migrate:payout-destinations", async (db, dryRun, target) => {
  const emulated = process.env.FIRESTORE_EMULATOR_HOST !== undefined;
  const salt = process.env.PAYOUT_DESTINATION_SALT ?? (emulated ? demoSecrets.PAYOUT_DESTINATION_SALT : "");
  if (salt === "") {
    throw new Error(
      'Set PAYOUT_DESTINATION_SALT to the secret\'s value: PAYOUT_DESTINATION_SALT="$(gcloud secrets versions access latest --secret=PAYOUT_DESTINATION_SALT --project <id>)"',
    );
  }
  const { examined, moved, removed } = await migratePayoutDestinations(db, { salt, dryRun });
  return `${dryRun ? "Would move" : "Moved"} ${moved} of ${examined} affiliates to their payout destination's entry in ${target}${
    removed > 0 ? `, and ${dryRun ? "would take" : "took"} ${removed} gone affiliates out` : ""
  }.`;
});
