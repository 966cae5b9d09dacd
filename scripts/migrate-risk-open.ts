/**
 * npm run migrate:risk-open -- [--project <id>] [--emulator] [--dry-run]
 *
 * Writes each open risk case's brief to the server-only risk_open collection, and takes a case that only
 * flags off its affiliate's own document (scripts/lib/risk-open-migration.ts). Run it once per project right
 * after deploying the functions that read risk_open; it is safe to run again. The options:
 * scripts/lib/migration-cli.ts.
 */
import { migrateRiskOpen } from "./lib/risk-open-migration.ts";
import { runMigration } from "./lib/migration-cli.ts";

await runMigration("migrate:risk-open", async (db, dryRun, target) => {
  const report = await migrateRiskOpen(db, { dryRun });
  const [write, clear] = dryRun ? ["Would write", "clear"] : ["Wrote", "cleared"];
  return (
    `${write} ${report.written} open cases' briefs to risk_open and ${clear} ${report.cleared} flag-only cases ` +
    `from affiliate documents, of ${report.examined} open cases in ${target}.`
  );
});
