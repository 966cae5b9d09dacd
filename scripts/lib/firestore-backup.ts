/**
 * A logical backup of a Firestore database: every document (subcollections included) as one line of
 * NDJSON, with Firestore's types (timestamps, references, bytes, geopoints, integers and doubles) kept, and
 * its restore, which gives back exactly what was backed up.
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
  type DocumentSnapshot,
  type Firestore,
} from "firebase-admin/firestore";

type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded };

/**
 * A value as Firestore itself holds it (google.firestore.v1.Value), as far as the encoding needs it: the SDK
 * reads integers and doubles alike as JS numbers (and integers past 2^53 inexactly), so only the protobuf
 * says which a number is.
 */
interface ValueProto {
  valueType?: string | null;
  integerValue?: string | number | { toString(): string } | null;
  doubleValue?: number | null;
  arrayValue?: { values?: ValueProto[] | null } | null;
  mapValue?: { fields?: Record<string, ValueProto> | null } | null;
}

function numberType(proto: ValueProto | undefined): "integerValue" | "doubleValue" | undefined {
  if (proto?.valueType === "integerValue" || proto?.valueType === "doubleValue") return proto.valueType;
  if (proto?.integerValue !== undefined && proto.integerValue !== null) return "integerValue";
  if (proto?.doubleValue !== undefined && proto.doubleValue !== null) return "doubleValue";
  return undefined;
}

/** An integer: a JSON number when it is exact as one, else its digits ({"$integer": "9007199254740993"}). */
function encodeInteger(digits: string): Encoded {
  const value = Number(digits);
  return Number.isSafeInteger(value) && String(value) === digits ? value : { $integer: digits };
}

/**
 * A double: a JSON number when it has a fraction (JSON.parse gives it back as one, and the SDK writes it as a
 * double); a whole one, -0, NaN or an infinity is tagged ({"$double": "5"}), since the SDK would write a
 * whole JSON number back as an integer and JSON has no -0, NaN or Infinity.
 */
function encodeDouble(value: number): Encoded {
  if (Number.isFinite(value) && !Number.isInteger(value)) return value;
  return { $double: Object.is(value, -0) ? "-0" : String(value) };
}

/** The one-key objects that stand for Firestore's own types in the encoding. */
const tags = ["$timestamp", "$geopoint", "$reference", "$bytes", "$double", "$integer", "$map"];

/**
 * Firestore values as JSON; the special types become one-key objects ({"$timestamp": ...}), and a map of
 * the document's own that has a single key starting with "$" is wrapped ({"$map": {...}}), so it is never
 * taken for one of them. `proto` (the value as stored, from encodeDocument) tells integers from doubles;
 * without it a whole number is taken for an integer.
 */
export function encodeValue(value: unknown, proto?: ValueProto): Encoded {
  if (value === null || value === undefined) return null;
  if (value instanceof Timestamp) return { $timestamp: { seconds: value.seconds, nanoseconds: value.nanoseconds } };
  if (value instanceof GeoPoint) return { $geopoint: { latitude: value.latitude, longitude: value.longitude } };
  if (value instanceof DocumentReference) return { $reference: value.path };
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString("base64") };
  if (typeof value === "bigint") return encodeInteger(value.toString());
  if (typeof value === "number") {
    const type = numberType(proto);
    if (type === "integerValue") return encodeInteger(String(proto!.integerValue));
    if (type === "doubleValue" || !Number.isSafeInteger(value) || Object.is(value, -0)) return encodeDouble(value);
    return value;
  }
  if (Array.isArray(value)) {
    const items = proto?.arrayValue?.values ?? [];
    return value.map((item, i) => encodeValue(item, items[i]));
  }
  if (typeof value === "object") {
    const fields = proto?.mapValue?.fields ?? {};
    const map = Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, encodeValue(item, fields[key])] as const),
    );
    const keys = Object.keys(map);
    return keys.length === 1 && keys[0]!.startsWith("$") ? { $map: map } : map;
  }
  return value as Encoded;
}

/**
 * A document's data, encoded exactly: with its stored protobuf at hand, integers and doubles keep their
 * types (the SDK's snapshots carry it as `_fieldsProto`, which has no public accessor; the round-trip test
 * in tests/api/backup.test.ts fails should that change).
 */
export function encodeDocument(snapshot: DocumentSnapshot): Encoded {
  const fields = (snapshot as unknown as { _fieldsProto?: Record<string, ValueProto> })._fieldsProto;
  if (!fields) throw new Error(`The Firestore SDK gave no stored fields for ${snapshot.ref.path}.`);
  return encodeValue(snapshot.data(), { mapValue: { fields } });
}

/**
 * A double that is a whole number. The SDK writes every number that is a safe integer as an integer and has
 * no public way to ask for a double; this uses the hook its own value types serialise through (an object
 * with `_protoValueType` "ProtoValue" answers its protobuf), checked by the round-trip test.
 */
class WholeDouble {
  readonly _protoValueType = "ProtoValue";
  readonly value: number;

  constructor(value: number) {
    this.value = value;
  }

  _toProto(): ValueProto {
    return { doubleValue: this.value };
  }
}

/** The value to write for an encoded one (the inverse of encodeValue, types included). */
export function decodeValue(db: Firestore, value: Encoded): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => decodeValue(db, item));
  const keys = Object.keys(value);
  const [key] = keys;
  if (keys.length === 1 && tags.includes(key!)) {
    const inner = value[key!]!;
    const parts = inner as Record<string, number>;
    switch (key) {
      case "$timestamp":
        return new Timestamp(parts.seconds!, parts.nanoseconds!);
      case "$geopoint":
        return new GeoPoint(parts.latitude!, parts.longitude!);
      case "$reference":
        return db.doc(inner as string);
      case "$bytes":
        return Buffer.from(inner as string, "base64");
      case "$integer":
        return BigInt(inner as string);
      case "$double": {
        const number = Number(inner);
        return Number.isSafeInteger(number) && !Object.is(number, -0) ? new WholeDouble(number) : number;
      }
      case "$map": {
        const map = inner as Record<string, Encoded>;
        return Object.fromEntries(Object.keys(map).map((field) => [field, decodeValue(db, map[field]!)]));
      }
    }
  }
  return Object.fromEntries(keys.map((field) => [field, decodeValue(db, value[field]!)]));
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
        const line = JSON.stringify({ path: ref.path, data: encodeDocument(snapshot) });
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

/** Writes in flight at once: enough to keep the BulkWriter's batches full, few enough to bound memory. */
const maxWritesInFlight = 1000;

/**
 * Writes the backup's documents back (creating or overwriting each, never deleting others). Fails, after
 * every write has ended, when any document could not be written (naming them) or a line is not a document:
 * a restore that answers has written everything.
 */
export async function restoreFirestore(db: Firestore, directory: string): Promise<number> {
  const writer = db.bulkWriter();
  const failures: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let documents = 0;
  let lineNumber = 0;
  try {
    const lines = createInterface({ input: createReadStream(path.join(directory, "documents.ndjson")) });
    for await (const line of lines) {
      lineNumber += 1;
      if (!line.trim()) continue;
      let documentPath: string;
      let data: Encoded;
      try {
        ({ path: documentPath, data } = JSON.parse(line) as { path: string; data: Encoded });
      } catch (error) {
        throw new Error(`Line ${lineNumber} of the backup is not JSON: ${(error as Error).message}`, { cause: error });
      }
      // Each write's outcome is taken here (BulkWriter retries what is worth retrying first).
      const write: Promise<void> = writer.set(db.doc(documentPath), decodeValue(db, data) as DocumentData).then(
        () => {
          inFlight.delete(write);
        },
        (error: unknown) => {
          inFlight.delete(write);
          failures.push(`${documentPath}: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
      inFlight.add(write);
      documents += 1;
      if (inFlight.size >= maxWritesInFlight) await Promise.race(inFlight);
    }
  } finally {
    // However the reading ended, the writes already made finish (or fail) before this returns.
    await writer.close();
    await Promise.all(inFlight);
  }
  if (failures.length > 0) {
    const shown = failures.slice(0, 20);
    const more = failures.length > shown.length ? `\n  ... and ${failures.length - shown.length} more` : "";
    throw new Error(
      `The restore failed for ${failures.length} of ${documents} documents:\n  ${shown.join("\n  ")}${more}`,
    );
  }
  return documents;
}
