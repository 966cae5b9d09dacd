/**
 * Which IP addresses are public: the product calls only those (affiliates' postbacks, domain/outbound-
 * postbacks.ts). Classified by ipaddr.js, whose ranges follow IANA's IPv4 and IPv6 special-purpose address
 * registries, rather than by hand-written ranges, which missed IPv6 forms that carry a private IPv4 address.
 */
import ipaddr from "ipaddr.js";

/** 4 or 6 for an IP address in its usual text form (as URL and DNS give them), 0 for anything else. */
export function ipVersion(address: string): 0 | 4 | 6 {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return 4;
  // Zone ids ("fe80::1%eth0") name an interface of this machine: never a public address.
  if (!address.includes("%") && ipaddr.IPv6.isValid(address)) return 6;
  return 0;
}

/** Global unicast (2000::/3): every public IPv6 address is in it, and nothing outside it is public. */
const globalUnicast = ipaddr.IPv6.parse("2000::");

/**
 * The IPv4 address an IPv6 address carries, where the IPv6 address only stands for it: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96
 * and the local-use 64:ff9b:1::/48, RFC 6052 and 8215) and 6to4 (2002:AABB:CCDD::/48, RFC 3056).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromTail = () => new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  switch (address.range()) {
    case "ipv4Mapped":
    case "rfc6145":
    case "rfc6052":
      return fromTail();
    case "6to4":
      return new ipaddr.IPv4([parts[1]! >> 8, parts[1]! & 0xff, parts[2]! >> 8, parts[2]! & 0xff]);
    default:
      // IPv4-compatible (::/96, deprecated by RFC 4291), apart from :: and ::1, which are their own ranges.
      return parts.slice(0, 6).every((part) => part === 0) && address.range() === "unicast" ? fromTail() : null;
  }
}

/**
 * Whether the product may call an address: an IPv4 address outside every special-purpose block (private,
 * loopback, link-local and the metadata server, shared CGNAT space, multicast, reserved, documentation,
 * benchmarking ...); an IPv6 address that carries an IPv4 one, as that one; any other IPv6 address only in
 * global unicast and outside its special-purpose blocks (Teredo, documentation, ORCHID, AMT ...). So
 * unique-local, link-local, the deprecated site-local (fec0::/10), multicast and the rest of ::/8 are not.
 * Anything that is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const version = ipVersion(address);
  if (version === 0) return false;
  if (version === 4) return ipaddr.IPv4.parse(address).range() === "unicast";
  const v6 = ipaddr.IPv6.parse(address);
  const carried = embeddedIPv4(v6);
  if (carried) return carried.range() === "unicast";
  return v6.range() === "unicast" && v6.match(globalUnicast, 3);
}

export const isPrivateAddress = (address: string): boolean => !isPublicAddress(address);

/**
 * An address as one text for telling whether two requests came from the same place (issue 33's
 * self-referral): an IPv4 address, or the IPv4 address an IPv6 one only stands for, in dotted decimal; any
 * other IPv6 address by its /64 network, as a household or a phone keeps its network while its devices
 * rotate their own part of the address every day. Null for anything that is not an address.
 */
export function addressIdentity(address: string): string | null {
  const place = ipv4Or6(address);
  if (!place) return null;
  if (place instanceof ipaddr.IPv4) return `ip:${place.toString()}`;
  return `ip6:${networkOf(place, 4)}::/64`;
}

/**
 * The address block an address is in, as one text (issue 33, many sign-ups from one block): an IPv4 address
 * (or the one an IPv6 address only stands for) by its /24, the block one network operator hands out to one
 * site or one pool; any other IPv6 address by its /48, what a site or a customer of a provider is given.
 * Null for anything that is not an address.
 */
export function addressBlock(address: string): string | null {
  const place = ipv4Or6(address);
  if (!place) return null;
  if (place instanceof ipaddr.IPv4) return `block:${place.octets.slice(0, 3).join(".")}.0/24`;
  return `block6:${networkOf(place, 3)}::/48`;
}

/** The address parsed, an IPv6 address that only stands for an IPv4 one as that one; null for no address. */
function ipv4Or6(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const version = ipVersion(address);
  if (version === 0) return null;
  if (version === 4) return ipaddr.IPv4.parse(address);
  const v6 = ipaddr.IPv6.parse(address);
  return embeddedIPv4(v6) ?? v6;
}

/** The first `groups` 16-bit groups of an IPv6 address, in hex, joined by colons. */
const networkOf = (address: ipaddr.IPv6, groups: number): string =>
  address.parts
    .slice(0, groups)
    .map((part) => part.toString(16))
    .join(":");
