/**
 * Whether a click comes from a hosting or datacenter network (issue 33, traffic quality): a cloud, a VPS or
 * dedicated-server host, or a datacenter a commercial VPN rents, where scripts and headless browsers run that
 * a user agent does not give away. Looked up in a table shipped with the functions (hosting-networks-data.ts,
 * built from an offline IP-to-ASN dataset by `npm run refresh:hosting-networks`), so no service is called and
 * the click's path gains no read. Such a click is counted apart, never dropped: docs/tracking.md says what
 * counts and why.
 *
 * Cheap on `track`'s cold start (docs/performance.md): the data module is two string literals (about 1 ms to
 * load), viewed as typed arrays at the first lookup (about 0.1 ms), and addresses are checked by Node's own
 * `net.isIPv4` and URL parser (loaded with the HTTP server already) rather than ipaddr.js, which would add 5 ms.
 */
import { isIPv4 } from "node:net";
import { hostingNetworksIPv4, hostingNetworksIPv6 } from "./hosting-networks-data.js";

/**
 * The table's ranges, start and end (inclusive) of each in turn, sorted and disjoint: an IPv4 address as one
 * 32-bit word, an IPv6 address's /64 prefix (its top 64 bits) as two, the high half first.
 */
export interface HostingNetworkTable {
  ipv4: Uint32Array;
  ipv6: Uint32Array;
}

let decoded: HostingNetworkTable | undefined;

/**
 * The table, decoded at this instance's first lookup. The words are little-endian, as a Uint32Array reads them
 * on the platforms Node runs Cloud Functions on (x86-64, Arm64); the copy aligns them.
 */
export function hostingNetworkTable(): HostingNetworkTable {
  const words = (base64: string) => new Uint32Array(new Uint8Array(Buffer.from(base64, "base64")).buffer);
  return (decoded ??= { ipv4: words(hostingNetworksIPv4), ipv6: words(hostingNetworksIPv6) });
}

/**
 * Whether `value` (`width` words, the high first) is in one of the ranges, each a start and an end of `width`
 * words: a binary search, comparing words as numbers.
 */
function inRanges(ranges: Uint32Array, width: 1 | 2, value: readonly number[]): boolean {
  const compare = (at: number) => {
    for (let word = 0; word < width; word++) {
      const difference = value[word]! - ranges[at + word]!;
      if (difference !== 0) return difference;
    }
    return 0;
  };
  let low = 0;
  let high = ranges.length / (2 * width) - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (compare(middle * 2 * width) < 0) high = middle - 1;
    else if (compare(middle * 2 * width + width) > 0) low = middle + 1;
    else return true;
  }
  return false;
}

/** A dotted-quad IPv4 address (checked) as a number. */
const ipv4Number = (address: string) => address.split(".").reduce((number, octet) => number * 256 + Number(octet), 0);

/**
 * An IPv6 address's eight 16-bit groups, or null when it is not one. Checked and put in its canonical form
 * ("::" for the longest run of zeros, a dotted IPv4 tail as two groups) by the URL parser, which is strict and
 * in Node's core; net.isIPv6 would do too, but its first call compiles a regular expression for about 8 ms.
 */
function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%[\w.-]+$/, ""); // a zone id ("fe80::1%eth0") names an interface, not a network
  if (!/^[\da-f:.]+$/i.test(text) || !text.includes(":")) return null;
  let canonical: string;
  try {
    canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const groups = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const [head, tail] = canonical.split("::");
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The IPv4 address an IPv6 address stands for, as a number: IPv4-mapped (::ffff:a.b.c.d, as a dual-stack
 * socket reports an IPv4 client), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4
 * (2002:AABB:CCDD::/48); null for any other.
 */
function carriedIPv4(groups: number[]): number | null {
  const [a, b, c, d, e, f, g, h] = groups as [number, number, number, number, number, number, number, number];
  const tail = g * 0x10000 + h;
  if (a === 0 && b === 0 && c === 0 && d === 0 && ((e === 0 && f === 0xffff) || (e === 0xffff && f === 0))) return tail;
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return tail;
  if (a === 0x2002) return b * 0x10000 + c;
  return null;
}

/**
 * Whether the client address (http/client-address.ts) is in a hosting or datacenter network. An IPv6 address
 * that stands for an IPv4 one is looked up as that one. Anything that is not an IP address ("" when the
 * connection has none) is not.
 */
export function isHostingAddress(address: string): boolean {
  if (isIPv4(address)) return inRanges(hostingNetworkTable().ipv4, 1, [ipv4Number(address)]);
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const carried = carriedIPv4(groups);
  if (carried !== null) return inRanges(hostingNetworkTable().ipv4, 1, [carried]);
  const [a, b, c, d] = groups as [number, number, number, number];
  return inRanges(hostingNetworkTable().ipv6, 2, [a * 0x10000 + b, c * 0x10000 + d]);
}
