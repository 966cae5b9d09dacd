/**
 * npm run migrate:summary-keys -- [--project <id>] [--emulator] [--dry-run]
 *
 * Stores the advertiser list's keys (owed_cents, risk_margin_cents, search_keys: functions/src/domain/
 * summary-keys.ts) on every affiliate that lacks them or holds stale ones (scripts/lib/summary-keys-migration.ts).
 * Until it has run, GET /api/affiliates leaves out the affiliates written before the keys existed (Firestore
 * orders only documents that have the field). Run it once per project right after deploying the functions
 * that keep the keys; it is safe to run again and while the API serves. The options: scripts/lib/migration-cli.ts.
 */
import { migrateSummaryKeys } from "./lib/summary-keys-migration.ts";
import { runMigration } from "./lib/migration-cli.ts";

await runMigration("migrate:summary-keys", async (db, dryRun, target) => {
  const report = await migrateSummaryKeys(db, { dryRun });
  return `${dryRun ? "Would store" : "Stored"} the list keys of ${report.updated} of ${report.examined} affiliates in ${target}.`;
});
