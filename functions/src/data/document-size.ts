/**
 * A document's storage size as Firestore counts it against its 1 MiB limit ("Storage size calculations" in
 * the Firestore documentation): a string is its UTF-8 bytes plus one, a number, timestamp or date 8, a
 * boolean or null 1, an array the sum of its values, a map the sum of its keys' and values' sizes, and a
 * document its name plus its fields plus 32. docs/data-model.md states each document's worst case with it.
 */
const stringSize = (value: string) => Buffer.byteLength(value, "utf8") + 1;

export function valueSize(value: unknown): number {
  if (value === null || typeof value === "boolean") return 1;
  if (typeof value === "number" || value instanceof Date) return 8;
  if (typeof value === "string") return stringSize(value);
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + valueSize(item), 0);
  if (typeof value === "object") {
    return Object.entries(value).reduce((sum, [key, item]) => sum + stringSize(key) + valueSize(item), 0);
  }
  throw new Error(`No Firestore size for a ${typeof value}`);
}

/** The size of the document at `path` ("affiliates/uid") holding `fields`. */
export function documentSize(path: string, fields: object): number {
  const name = path.split("/").reduce((sum, part) => sum + stringSize(part), 16);
  return name + valueSize(fields) + 32;
}
