/**
 * npm run migrate:funnels -- [--project <id>] [--emulator] [--dry-run]
 *
 * Rebuilds the programme's funnels that GET /api/conversion_report reads (funnel_shards, tracker_funnels:
 * docs/data-model.md) from the affiliates' documents, in absolute values (scripts/lib/funnels-migration.ts).
 * Until it has run, the report leaves out the figures recorded before the functions kept the funnels. Run it
 * once per project right after deploying those functions, and again at a quiet time or until --dry-run finds
 * nothing to change: it is safe to run again (each run rebuilds from scratch), but an event applied while it
 * runs can be lost from the shards (docs/operations.md). The options: scripts/lib/migration-cli.ts.
 */
import "./lib/functions-sources.ts";
import { runMigration } from "./lib/migration-cli.ts";

// Imported once functions-sources.ts lets Node load the functions' domain code it runs.
const { migrateFunnels } = await import("./lib/funnels-migration.ts");

await runMigration("migrate:funnels", async (db, dryRun, target) => {
  const { examined, trackers, shards } = await migrateFunnels(db, { dryRun });
  const changes = `${trackers} tracker funnels and ${shards} funnel shards`;
  return dryRun
    ? `Rebuilding the programme funnels from ${examined} affiliates in ${target} would change ${changes}.`
    : `Rebuilt the programme funnels from ${examined} affiliates in ${target}: changed ${changes}.`;
});
