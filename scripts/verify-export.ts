/**
 * Run by npm test inside fresh emulators that imported the export of the test run: the census of the
 * re-imported data must equal the one taken before the export.
 */
import { readFileSync } from "node:fs";
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { takeCensus, type Census } from "./lib/census.ts";
import { demoProjectId } from "./lib/project.ts";

const [censusFile] = process.argv.slice(2);
if (!censusFile) throw new Error("Usage: node scripts/verify-export.ts <census.json>");
const before = JSON.parse(readFileSync(censusFile, "utf8")) as Census;
const app = initializeApp({ projectId: demoProjectId });
const after = await takeCensus(demoProjectId, getAuth(app));

const problems: string[] = [];
// Both ways: a collection lost in the re-import, and one that only the re-import has.
const names = [...new Set([...Object.keys(before.collections), ...Object.keys(after.collections)])].sort();
for (const name of names) {
  const counted = before.collections[name];
  const now = after.collections[name];
  if (!now) problems.push(`${name}: missing after the re-import`);
  else if (!counted) problems.push(`${name}: ${now.documents} documents after the re-import, none before`);
  else if (now.documents !== counted.documents)
    problems.push(`${name}: ${counted.documents} documents, ${now.documents} re-imported`);
  else if (now.sha256 !== counted.sha256) problems.push(`${name}: same count, different contents`);
}
if (after.users !== before.users) problems.push(`auth: ${before.users} users, ${after.users} re-imported`);
const documents = Object.values(before.collections).reduce((sum, collection) => sum + collection.documents, 0);
if (problems.length > 0) {
  console.error(`The test run's export did not re-import cleanly:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `The test run's export re-imported cleanly: ${documents} documents in ${Object.keys(before.collections).length} collections, ${after.users} users.`,
);
