/** The Firestore backup script: what it exports, restored into another project, is the same data. */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { initializeApp } from "firebase-admin/app";
import { GeoPoint, getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { expect, test } from "vitest";
import { backupFirestore, restoreFirestore } from "../../scripts/lib/firestore-backup.ts";
import { rootDir } from "../../scripts/lib/project.ts";

function project(name: string): { db: Firestore; id: string } {
  const id = `demo-backup-${name}-${randomUUID().slice(0, 8)}`;
  return { db: getFirestore(initializeApp({ projectId: id }, id)), id };
}

/** Every document under the collection, by path (subcollections included). */
async function everything(db: Firestore, collection: string): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  async function walk(ref: FirebaseFirestore.CollectionReference) {
    for (const doc of await ref.listDocuments()) {
      const snapshot = await doc.get();
      if (snapshot.exists) found[doc.path] = snapshot.data();
      for (const sub of await doc.listCollections()) await walk(sub);
    }
  }
  await walk(db.collection(collection));
  return found;
}

test("a backup restores into another project exactly: types, nesting and subcollections", async () => {
  const { db: source } = project("source");
  const collection = "backup_probe";
  await source.doc(`${collection}/a`).set({
    text: "Dana",
    cents: 60_000,
    rate: 0.6,
    flag: true,
    nothing: null,
    at: Timestamp.fromMillis(1_795_000_000_123),
    where: new GeoPoint(38.7, -9.1),
    link: source.doc(`${collection}/b`),
    raw: Buffer.from([0, 1, 2, 255]),
    list: [1, "two", { three: 3 }],
    trackers: { promptchan: { "/tw": { clicks: 5 } } },
  });
  await source.doc(`${collection}/b/transactions/t1`).set({ earnings_cents: -300 });
  // A parent that exists only through its subcollection.
  await source.doc(`${collection}/ghost/days/2026-11-21`).set({ clicks: 1 });

  const directory = mkdtempSync(path.join(os.tmpdir(), "backup-"));
  const summary = await backupFirestore(source, directory, [collection]);
  expect(summary.documents).toBe(3);
  expect(JSON.parse(readFileSync(path.join(directory, "manifest.json"), "utf8"))).toMatchObject({
    documents: 3,
    collections: [collection],
  });

  const { db: target } = project("target");
  expect(await restoreFirestore(target, directory)).toBe(3);
  const restored = await everything(target, collection);
  expect(Object.keys(restored).sort()).toEqual([
    `${collection}/a`,
    `${collection}/b/transactions/t1`,
    `${collection}/ghost/days/2026-11-21`,
  ]);
  const a = restored[`${collection}/a`] as Record<string, unknown>;
  expect(a).toMatchObject({
    text: "Dana",
    cents: 60_000,
    rate: 0.6,
    flag: true,
    nothing: null,
    list: [1, "two", { three: 3 }],
  });
  expect((a.at as Timestamp).toMillis()).toBe(1_795_000_000_123);
  expect((a.where as GeoPoint).isEqual(new GeoPoint(38.7, -9.1))).toBe(true);
  expect((a.link as FirebaseFirestore.DocumentReference).path).toBe(`${collection}/b`);
  expect([...(a.raw as Buffer)]).toEqual([0, 1, 2, 255]);
  expect(a.trackers).toEqual({ promptchan: { "/tw": { clicks: 5 } } });
  expect(restored[`${collection}/b/transactions/t1`]).toEqual({ earnings_cents: -300 });
});

test("the command backs up and restores through the emulator", async () => {
  const { db: source, id: sourceProject } = project("cli");
  await source.doc("cli_probe/x").set({ value: 42 });
  const directory = mkdtempSync(path.join(os.tmpdir(), "backup-cli-"));
  const run = promisify(execFile);
  const script = path.join(rootDir, "scripts", "backup.ts");
  const exported = await run("node", [
    script,
    "export",
    directory,
    "--project",
    sourceProject,
    "--collections",
    "cli_probe",
    "--emulator",
  ]);
  expect(exported.stdout).toMatch(/Backed up 1 documents from the emulator/);
  const { db: target, id: targetProject } = project("cli-target");
  const imported = await run("node", [script, "import", directory, "--project", targetProject, "--emulator"]);
  expect(imported.stdout).toMatch(/Restored 1 documents into the emulator/);
  expect((await target.doc("cli_probe/x").get()).data()).toEqual({ value: 42 });
});
