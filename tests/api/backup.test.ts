/** The Firestore backup script: what it exports, restored into another project, is the same data. */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { initializeApp } from "firebase-admin/app";
import { GeoPoint, getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { expect, test } from "vitest";
import { backupFirestore, decodeValue, encodeDocument, restoreFirestore } from "../../scripts/lib/firestore-backup.ts";
import { rootDir } from "../../scripts/lib/project.ts";

function project(name: string): { db: Firestore; id: string } {
  const id = `demo-backup-${name}-${randomUUID().slice(0, 8)}`;
  return { db: getFirestore(initializeApp({ projectId: id }, id)), id };
}

/**
 * A second client of the same project that reads integers as BigInt and doubles as numbers, so a test can
 * see which of the two Firestore holds (the default client reads both as numbers).
 */
function typedReader(id: string): Firestore {
  const reader = getFirestore(initializeApp({ projectId: id }, `${id}-typed`));
  reader.settings({ useBigInt: true });
  return reader;
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

test("numbers keep their Firestore type, and maps that look like the encoding's tags stay maps", async () => {
  const { db: source, id: sourceId } = project("types");
  const collection = "backup_types";
  // A whole-number double has to be asked for: the SDK writes the number 5 as an integer.
  const double = (value: string) => decodeValue(source, { $double: value });
  await source.doc(`${collection}/numbers`).set({
    integer: 5,
    wholeDouble: double("5"),
    negativeZero: -0,
    half: 0.5,
    hugeDouble: 1e300,
    notANumber: NaN,
    infinity: -Infinity,
    bigInteger: 9_007_199_254_740_993n,
    inList: [double("1"), 1, { two: double("2") }],
    inMap: { deep: { value: double("3"), count: 3 } },
  });
  await source.doc(`${collection}/lookalikes`).set({
    timestamp: { $timestamp: { seconds: 1, nanoseconds: 2 } },
    reference: { $reference: `${collection}/numbers` },
    bytes: { $bytes: "AAEC" },
    tagged: { $double: "5" },
    wrapped: { $map: { a: 1 } },
    dollar: { $: [{ $integer: "1" }] },
    twoKeys: { $timestamp: { seconds: 1, nanoseconds: 2 }, other: true },
  });
  const sourceTyped = typedReader(sourceId);
  const numbers = (await sourceTyped.doc(`${collection}/numbers`).get()).data()!;
  // What the source holds, read with integers as BigInt: the doubles are doubles there.
  expect(numbers).toMatchObject({ integer: 5n, wholeDouble: 5, half: 0.5, bigInteger: 9_007_199_254_740_993n });
  expect(numbers.inList).toEqual([1, 1n, { two: 2 }]);

  const directory = mkdtempSync(path.join(os.tmpdir(), "backup-types-"));
  expect((await backupFirestore(source, directory, [collection])).documents).toBe(2);
  const { db: target, id: targetId } = project("types-target");
  expect(await restoreFirestore(target, directory)).toBe(2);

  const targetTyped = typedReader(targetId);
  for (const id of ["numbers", "lookalikes"]) {
    const [before, after] = await Promise.all(
      [sourceTyped, targetTyped].map(async (db) => (await db.doc(`${collection}/${id}`).get()).data()),
    );
    expect(after).toEqual(before);
  }
  const restored = (await targetTyped.doc(`${collection}/numbers`).get()).data()!;
  expect(Object.is(restored.negativeZero, -0)).toBe(true);
  expect(restored.inMap).toEqual({ deep: { value: 3, count: 3n } });
  const lookalikes = (await targetTyped.doc(`${collection}/lookalikes`).get()).data()!;
  expect(lookalikes.timestamp).toEqual({ $timestamp: { seconds: 1n, nanoseconds: 2n } });
  expect(lookalikes.reference).toEqual({ $reference: `${collection}/numbers` });
  // The encoding itself (the backup's lines) says which is which.
  const { data: encoded } = readFileSync(path.join(directory, "documents.ndjson"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((text) => JSON.parse(text) as { path: string; data: unknown })
    .find((line) => line.path === `${collection}/numbers`)!;
  expect(encoded).toMatchObject({
    integer: 5,
    wholeDouble: { $double: "5" },
    negativeZero: { $double: "-0" },
    half: 0.5,
    bigInteger: { $integer: "9007199254740993" },
  });
  expect(encodeDocument(await target.doc(`${collection}/numbers`).get())).toEqual(encoded);
});

test("a restore with a document that cannot be written fails, naming it, after the other writes end", async () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "backup-failing-"));
  const collection = "backup_failing";
  writeFileSync(
    path.join(directory, "documents.ndjson"),
    [
      { path: `${collection}/first`, data: { n: 1 } },
      // Firestore refuses ids of the form __name__ (INVALID_ARGUMENT): this write fails on the server.
      { path: `${collection}/__reserved__`, data: { n: 2 } },
      { path: `${collection}/third`, data: { n: 3 } },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n"),
  );
  const { db: target } = project("failing");
  const failure = await restoreFirestore(target, directory).then(
    () => new Error("The restore answered as if it had written everything."),
    (error: unknown) => error as Error,
  );
  expect(failure.message).toMatch(/^The restore failed for [1-3] of 3 documents:\n/);
  expect(failure.message).toMatch(/\n {2}backup_failing\/__reserved__: .*reserved/);
  // Not atomic, and the emulator refuses a whole batch for one bad write: whatever was not written is named.
  const named = [...failure.message.matchAll(/^ {2}backup_failing\/(\S+): /gm)].map((match) => match[1]!);
  const written = (await target.collection(collection).get()).docs.map((doc) => doc.id);
  expect([...named, ...written].sort()).toEqual(["__reserved__", "first", "third"]);
});
