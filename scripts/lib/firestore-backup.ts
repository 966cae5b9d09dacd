/**
 * A logical backup of a Firestore database: every document (subcollections included) as one line of
 * NDJSON, with Firestore's types (timestamps, references, bytes, geopoints) kept, and its restore.
 *
 * For a real project the managed export (`gcloud firestore export gs://...`) is the tool for very large
 * databases; this one needs no bucket or extra IAM role, runs against the emulators too, and its output is
 * plain text that can be inspected, diffed and restored into another project.
 */
import { createReadStream, createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import {
  DocumentReference,
  GeoPoint,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type Firestore,
} from "firebase-admin/firestore";

type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded };

/** Firestore values as JSON; the special types become one-key objects ({"$timestamp": ...}). */
export function encodeValue(value: unknown): Encoded {
  if (value === null || value === undefined) return null;
  if (value instanceof Timestamp) return { $timestamp: { seconds: value.seconds, nanoseconds: value.nanoseconds } };
  if (value instanceof GeoPoint) return { $geopoint: { latitude: value.latitude, longitude: value.longitude } };
  if (value instanceof DocumentReference) return { $reference: value.path };
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString("base64") };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeValue(item)]));
  }
  if (typeof value === "number" && !Number.isFinite(value)) return { $double: String(value) };
  return value as Encoded;
}

export function decodeValue(db: Firestore, value: Encoded): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => decodeValue(db, item));
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const [key] = keys;
    const inner = value[key!] as Record<string, number | string>;
    if (key === "$timestamp") return new Timestamp(inner.seconds as number, inner.nanoseconds as number);
    if (key === "$geopoint") return new GeoPoint(inner.latitude as number, inner.longitude as number);
    if (key === "$reference") return db.doc(value[key] as string);
    if (key === "$bytes") return Buffer.from(value[key] as string, "base64");
    if (key === "$double") return Number(value[key]);
  }
  return Object.fromEntries(keys.map((key) => [key, decodeValue(db, value[key]!)]));
}

export interface BackupSummary {
  documents: number;
  file: string;
}

/**
 * Writes every document under the given top-level collections (all of them when none are named) to
 * `<directory>/documents.ndjson`, and a manifest beside it.
 */
export async function backupFirestore(db: Firestore, directory: string, only: string[] = []): Promise<BackupSummary> {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, "documents.ndjson");
  const out = createWriteStream(file);
  let documents = 0;

  async function walk(collection: CollectionReference): Promise<void> {
    // listDocuments also names documents that exist only as parents of subcollections.
    for (const ref of await collection.listDocuments()) {
      const snapshot = await ref.get();
      if (snapshot.exists) {
        const line = JSON.stringify({ path: ref.path, data: encodeValue(snapshot.data()) });
        if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
        documents += 1;
      }
      for (const sub of await ref.listCollections()) await walk(sub);
    }
  }

  const roots = (await db.listCollections()).filter((collection) => only.length === 0 || only.includes(collection.id));
  for (const collection of roots) await walk(collection);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  writeFileSync(
    path.join(directory, "manifest.json"),
    `${JSON.stringify({ exported_at: new Date().toISOString(), documents, collections: roots.map((c) => c.id) }, null, 2)}\n`,
  );
  return { documents, file };
}

/** Writes the backup's documents back (creating or overwriting each, never deleting others). */
export async function restoreFirestore(db: Firestore, directory: string): Promise<number> {
  const writer = db.bulkWriter();
  let documents = 0;
  const lines = createInterface({ input: createReadStream(path.join(directory, "documents.ndjson")) });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const { path: documentPath, data } = JSON.parse(line) as { path: string; data: Encoded };
    void writer.set(db.doc(documentPath), decodeValue(db, data) as DocumentData);
    documents += 1;
  }
  await writer.close();
  return documents;
}
