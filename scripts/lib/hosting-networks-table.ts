/**
 * The table of hosting and datacenter networks that function `track` looks clicks' addresses up in (issue 33,
 * traffic quality; functions/src/tracking/hosting-networks.ts): the address ranges of the hosting ASNs
 * (scripts/lib/hosting-asns.ts) in an IP-to-ASN dataset's CSV files, merged and sorted, encoded compactly.
 * Pure: npm run refresh:hosting-networks (scripts/refresh-hosting-networks.ts) reads the files and writes the
 * result.
 */

/** An inclusive range of addresses: IPv4 as numbers, IPv6 as the top 64 bits (its /64 prefixes). */
export interface Range {
  start: bigint;
  end: bigint;
}

/**
 * The ranges of a "-num" CSV (`start,end,asn,"organisation"`, addresses as decimal numbers, inclusive) whose
 * ASN is one of `asns`. IPv6 ranges are cut to their /64 prefixes: no network smaller than a /64 is routed on
 * its own, and two 32-bit halves per bound keep the table half the size of full addresses.
 */
export function rangesOf(csv: string, asns: ReadonlySet<number>, version: 4 | 6): Range[] {
  const ranges: Range[] = [];
  for (const line of csv.split("\n")) {
    const [start, end, asn] = line.split(",", 3);
    if (start === undefined || end === undefined || asn === undefined || !asns.has(Number(asn))) continue;
    const shift = version === 6 ? 64n : 0n;
    ranges.push({ start: BigInt(start) >> shift, end: BigInt(end) >> shift });
  }
  return ranges;
}

/** The ranges sorted by start, with overlapping and adjacent ones joined: disjoint, for a binary search. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1n) {
      if (range.end > last.end) last.end = range.end;
    } else merged.push({ ...range });
  }
  return merged;
}

/**
 * The ranges as base64 of little-endian 32-bit words, start then end: an IPv4 address is one word, an IPv6
 * address's /64 prefix two (its high half first), so the lookup compares numbers, never BigInts.
 */
export function encodeRanges(ranges: readonly Range[], version: 4 | 6): string {
  const words = version === 4 ? 2 : 4;
  const buffer = Buffer.alloc(ranges.length * words * 4);
  ranges.forEach(({ start, end }, index) => {
    const at = index * words * 4;
    if (version === 4) {
      buffer.writeUInt32LE(Number(start), at);
      buffer.writeUInt32LE(Number(end), at + 4);
    } else {
      [start >> 32n, start & 0xffffffffn, end >> 32n, end & 0xffffffffn].forEach((word, i) =>
        buffer.writeUInt32LE(Number(word), at + i * 4),
      );
    }
  });
  return buffer.toString("base64");
}
