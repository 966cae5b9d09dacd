/**
 * A census of the emulated data: how many documents each top-level collection holds (subcollections
 * included), a hash over every document's path and contents (types included: an integer and a double of
 * the same value differ), and the auth users. Taken at the end of a test run and again after that run's
 * export is re-imported: equal censuses mean nothing was lost.
 */
import { createHash } from "node:crypto";
import type { Auth } from "firebase-admin/auth";
import type { CollectionReference, Firestore } from "firebase-admin/firestore";
import { encodeDocument } from "./firestore-backup.ts";

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

export async function takeCensus(db: Firestore, auth: Auth): Promise<Census> {
  const collections: Census["collections"] = {};
  for (const root of await db.listCollections()) {
    const lines: string[] = [];
    const walk = async (collection: CollectionReference) => {
      const [snapshot, refs] = await Promise.all([collection.get(), collection.listDocuments()]);
      for (const doc of snapshot.docs) lines.push(`${doc.ref.path}\t${canonical(encodeDocument(doc))}`);
      // Each document's subcollections, a batch of lookups at a time: one by one, a large run's tens of
      // thousands of documents took minutes.
      for (let start = 0; start < refs.length; start += 64) {
        const batch = refs.slice(start, start + 64);
        for (const subs of await Promise.all(batch.map((ref) => ref.listCollections()))) {
          for (const sub of subs) await walk(sub);
        }
      }
    };
    await walk(root);
    lines.sort();
    collections[root.id] = {
      documents: lines.length,
      sha256: createHash("sha256").update(lines.join("\n")).digest("hex"),
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
