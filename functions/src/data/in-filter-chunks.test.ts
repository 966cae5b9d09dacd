import { describe, expect, test } from "vitest";
import { inFilterChunks } from "./firestore.js";

describe("inFilterChunks", () => {
  test("runs of at most 30, in order, every value once; none for no values", () => {
    const values = Array.from({ length: 61 }, (_, i) => `u${i}`);
    const chunks = inFilterChunks(values);
    expect(chunks.map((chunk) => chunk.length)).toEqual([30, 30, 1]);
    expect(chunks.flat()).toEqual(values);
    expect(inFilterChunks(values.slice(0, 30))).toEqual([values.slice(0, 30)]);
    expect(inFilterChunks([])).toEqual([]);
  });
});
