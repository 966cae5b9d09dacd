import { describe, expect, test } from "vitest";
import { encodeRanges, mergeRanges, rangesOf } from "./hosting-networks-table.ts";

const csv = [
  '16777216,16777471,13335,"Cloudflare, Inc."',
  "16778240,16779263,14061,DigitalOcean",
  "16779264,16779519,14061,DigitalOcean",
  "16779000,16779300,24940,Hetzner",
  "16800000,16800255,24940,Hetzner",
  "",
].join("\n");

describe("the hosting networks' table", () => {
  test("takes the ranges of the hosting ASNs only, and joins overlapping and adjacent ones", () => {
    const ranges = rangesOf(csv, new Set([14061, 24940]), 4);
    expect(ranges).toHaveLength(4);
    expect(mergeRanges(ranges)).toEqual([
      { start: 16778240n, end: 16779519n },
      { start: 16800000n, end: 16800255n },
    ]);
  });

  test("keeps an IPv6 range's /64 prefixes", () => {
    // 2a01:4f8::/32 as numbers: its first and last address.
    const start = 0x2a0104f8n << 96n;
    const end = start + (1n << 96n) - 1n;
    expect(rangesOf(`${start},${end},24940,Hetzner`, new Set([24940]), 6)).toEqual([
      { start: 0x2a0104f8n << 32n, end: (0x2a0104f8n << 32n) + 0xffffffffn },
    ]);
  });

  test("encodes little-endian words, start then end", () => {
    const v4 = Buffer.from(encodeRanges([{ start: 1n, end: 0x01020304n }], 4), "base64");
    expect([...v4]).toEqual([1, 0, 0, 0, 4, 3, 2, 1]);
    const v6 = Buffer.from(encodeRanges([{ start: 0x2a0104f8_00000002n, end: 0x2a0104f8_ffffffffn }], 6), "base64");
    expect([0, 4, 8, 12].map((at) => v6.readUInt32LE(at))).toEqual([0x2a0104f8, 2, 0x2a0104f8, 0xffffffff]);
  });
});
