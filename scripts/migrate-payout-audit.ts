/**
 * npm run migrate:payout-audit -- [--project <id>] [--emulator] [--dry-run]
 *
 * Moves who recorded each payout (`recorded_by`, a staff member's uid and e-mail) off the payout documents,
 * which their affiliates can read, into the server-only payout_audit collection
 * (scripts/lib/payout-audit-migration.ts). Run it once per project right after deploying the functions that
 * write payout_audit; it is safe to run again. The options: scripts/lib/migration-cli.ts.
 */
import { migratePayoutAudit } from "./lib/payout-audit-migration.ts";
import { runMigration } from "./lib/migration-cli.ts";

await runMigration("migrate:payout-audit", async (db, dryRun, target) => {
  const report = await migratePayoutAudit(db, { dryRun });
  const verb = dryRun ? "Would move" : "Moved";
  return (
    `${verb} the recorder of ${report.moved} payouts into payout_audit and ${dryRun ? "clear" : "cleared"} ` +
    `${report.cleared} empty recorded_by fields, of ${report.examined} payouts in ${target}.`
  );
});
