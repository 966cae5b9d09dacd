/**
 * npm run migrate:deals -- [--project <id>] [--emulator] [--dry-run]
 *
 * Makes each affiliate's `custom_terms` flag the deal it meant (issue 34; scripts/lib/deals-migration.ts):
 * their own rates for every advertiser and every sale, audited as a migration. What anyone earns does not
 * change: the ledger reads an unmigrated flag as that deal. Run it once per project after deploying the
 * functions with deals; it is safe to run again and while the API serves. The options: scripts/lib/migration-cli.ts.
 */
import { migrateDeals } from "./lib/deals-migration.ts";
import { runMigration } from "./lib/migration-cli.ts";

await runMigration("migrate:deals", async (db, dryRun, target) => {
  const report = await migrateDeals(db, { dryRun });
  return `${dryRun ? "Would make" : "Made"} ${report.migrated} deals of the ${report.examined} affiliates flagged custom_terms in ${target}.`;
});
