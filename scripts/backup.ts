/**
 * npm run backup -- export|import <directory> [--project <id>] [--collections a,b] [--emulator]
 *
 * Backs up a Firestore database to a directory of NDJSON (export) or restores one (import), with the Admin
 * SDK: against a real project with application default credentials (`gcloud auth application-default
 * login`), or against the running emulators with --emulator (or when FIRESTORE_EMULATOR_HOST is set).
 * Restoring writes each backed-up document; it deletes nothing.
 */
import { parseArgs } from "node:util";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { backupFirestore, restoreFirestore } from "./lib/firestore-backup.ts";
import { demoProjectId, emulators } from "./lib/project.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    project: { type: "string" },
    collections: { type: "string" },
    emulator: { type: "boolean", default: false },
  },
});
const [command, directory] = positionals;
if ((command !== "export" && command !== "import") || !directory) {
  console.error("Usage: npm run backup -- export|import <directory> [--project <id>] [--collections a,b] [--emulator]");
  process.exit(2);
}
if (values.emulator) {
  process.env.FIRESTORE_EMULATOR_HOST ??= `${emulators.firestore.host}:${emulators.firestore.port}`;
}
const projectId = values.project ?? (process.env.FIRESTORE_EMULATOR_HOST ? demoProjectId : undefined);
if (!projectId) {
  console.error("Name the project with --project <id> (or use --emulator).");
  process.exit(2);
}

const db = getFirestore(initializeApp({ projectId }));
const target = process.env.FIRESTORE_EMULATOR_HOST ? `the emulator (${projectId})` : `project ${projectId}`;
if (command === "export") {
  const only = values.collections ? values.collections.split(",").map((name) => name.trim()) : [];
  const { documents, file } = await backupFirestore(db, directory, only);
  console.log(`Backed up ${documents} documents from ${target} to ${file}.`);
} else {
  const documents = await restoreFirestore(db, directory);
  console.log(`Restored ${documents} documents into ${target}.`);
}
