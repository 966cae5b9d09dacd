/**
 * The command line every data migration shares: `-- [--project <id>] [--emulator] [--dry-run]`. Against a
 * real project it uses application default credentials (`gcloud auth application-default login`); against
 * the running emulators with --emulator (or when FIRESTORE_EMULATOR_HOST is set). --dry-run only counts.
 */
import { parseArgs } from "node:util";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { demoProjectId, emulators } from "./project.ts";

/**
 * Parses the arguments, runs `migrate` on the project's Firestore and prints what it says it did (`target`
 * names the project, e.g. "the emulator (demo-x)"); exits 2 on bad arguments, 1 when the migration fails.
 */
export async function runMigration(
  command: string,
  migrate: (db: Firestore, dryRun: boolean, target: string) => Promise<string>,
): Promise<void> {
  const usage = `Usage: npm run ${command} -- [--project <id>] [--emulator] [--dry-run]`;
  let values;
  try {
    values = parseArgs({
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
    console.log(await migrate(getFirestore(app), values["dry-run"], target));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await deleteApp(app);
  }
}
