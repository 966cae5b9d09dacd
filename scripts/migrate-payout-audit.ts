/**
 * npm run migrate:payout-audit -- [--project <id>] [--emulator] [--dry-run]
 *
 * Moves who recorded each payout (`recorded_by`, a staff member's uid and e-mail) off the payout documents,
 * which their affiliates can read, into the server-only payout_audit collection
 * (scripts/lib/payout-audit-migration.ts). Run it once per project right after deploying the functions that
 * write payout_audit; it is safe to run again. Against a real project it uses application default
 * credentials (`gcloud auth application-default login`); against the running emulators with --emulator (or
 * when FIRESTORE_EMULATOR_HOST is set). --dry-run only counts.
 */
import { parseArgs } from "node:util";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { migratePayoutAudit } from "./lib/payout-audit-migration.ts";
import { demoProjectId, emulators } from "./lib/project.ts";

const usage = "Usage: npm run migrate:payout-audit -- [--project <id>] [--emulator] [--dry-run]";

function options() {
  try {
    return parseArgs({
      options: {
        project: { type: "string" },
        emulator: { type: "boolean", default: false },
        "dry-run": { type: "boolean", default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
    process.exit(2);
  }
}

const values = options();
if (values.emulator) {
  process.env.FIRESTORE_EMULATOR_HOST ??= `${emulators.firestore.host}:${emulators.firestore.port}`;
}
const projectId = values.project ?? (process.env.FIRESTORE_EMULATOR_HOST ? demoProjectId : undefined);
if (!projectId) {
  console.error(`Name the project with --project <id> (or use --emulator).\n${usage}`);
  process.exit(2);
}

const app = initializeApp({ projectId });
const target = process.env.FIRESTORE_EMULATOR_HOST ? `the emulator (${projectId})` : `project ${projectId}`;
try {
  const dryRun = values["dry-run"];
  const report = await migratePayoutAudit(getFirestore(app), { dryRun });
  const verb = dryRun ? "Would move" : "Moved";
  console.log(
    `${verb} the recorder of ${report.moved} payouts into payout_audit and ${dryRun ? "clear" : "cleared"} ` +
      `${report.cleared} empty recorded_by fields, of ${report.examined} payouts in ${target}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
