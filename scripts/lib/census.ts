/**
 * A census of the emulated data: how many documents each top-level collection holds (subcollections
 * included), a hash over every document's path and contents (types included, as the emulator's REST API
 * writes them: an integer and a double of the same value differ), and the auth users. Taken at the end of a test run and again after that run's
 * export is re-imported: equal censuses mean nothing was lost.
 */
import { createHash } from "node:crypto";
import type { Auth } from "firebase-admin/auth";

export interface Census {
  collections: Record<string, { documents: number; sha256: string }>;
  users: number;
}

/** JSON with every object's keys sorted: field order is not part of a document's content. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
}

/** Documents asked for at once: a page of the kindless query below. */
const pageSize = 2_000;

/**
 * Every document of the emulated project, at any depth, in name order: one "kindless" query over all
 * descendants of the root (what the Admin SDK's recursive delete asks for), a page at a time, through the
 * emulator's REST API, whose values say their types. Walking the collections instead asks the emulator for
 * each document's subcollections, one call per document: minutes for a test run's tens of thousands.
 */
async function* everyDocument(projectId: string): AsyncGenerator<{ name: string; fields: unknown }> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error("The census reads the Firestore emulator: FIRESTORE_EMULATOR_HOST is not set.");
  const url = `http://${host}/v1/projects/${projectId}/databases/(default)/documents:runQuery`;
  let after: string | undefined;
  for (;;) {
    const structuredQuery = {
      from: [{ allDescendants: true }],
      orderBy: [{ field: { fieldPath: "__name__" } }],
      limit: pageSize,
      ...(after ? { startAt: { values: [{ referenceValue: after }], before: false } } : {}),
    };
    const answer = await fetch(url, {
      method: "POST",
      // The emulator's own credential: the rules do not apply.
      headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
      body: JSON.stringify({ structuredQuery }),
    });
    if (!answer.ok) throw new Error(`The census's query failed: ${answer.status} ${await answer.text()}`);
    const rows = (await answer.json()) as { document?: { name: string; fields?: unknown } }[];
    const documents = rows.flatMap((row) => (row.document ? [row.document] : []));
    for (const document of documents) yield { name: document.name, fields: document.fields ?? {} };
    if (documents.length < pageSize) return;
    after = documents.at(-1)!.name;
  }
}

export async function takeCensus(projectId: string, auth: Auth): Promise<Census> {
  const root = `projects/${projectId}/databases/(default)/documents/`;
  const lines = new Map<string, string[]>();
  for await (const { name, fields } of everyDocument(projectId)) {
    const path = name.slice(root.length);
    const collection = path.split("/")[0]!;
    if (!lines.has(collection)) lines.set(collection, []);
    lines.get(collection)!.push(`${path}\t${canonical(fields)}`);
  }
  const collections: Census["collections"] = {};
  for (const [name, documents] of [...lines].sort(([a], [b]) => (a < b ? -1 : 1))) {
    documents.sort();
    collections[name] = {
      documents: documents.length,
      sha256: createHash("sha256").update(documents.join("\n")).digest("hex"),
    };
  }
  let users = 0;
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    users += page.users.length;
    pageToken = page.pageToken;
  } while (pageToken);
  return { collections, users };
}
