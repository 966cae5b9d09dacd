import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { hostingNetworksSource } from "./hosting-networks-data.js";
import { hostingNetworkTable, isHostingAddress } from "./hosting-networks.js";

/** Addresses of servers in the clouds and hosts the table covers, as the dataset names their networks. */
const hosting = {
  DigitalOcean: "167.99.241.66",
  Hetzner: "85.10.199.76",
  "Hetzner Cloud": "5.161.0.1",
  "Amazon Web Services": "52.95.110.1",
  "Google Cloud": "34.120.0.1",
  "Microsoft Azure": "20.50.2.1",
  "Hetzner over IPv6": "2a01:4f8::1",
  "Amazon Web Services over IPv6": "2600:1f18::1",
  "Amazon Web Services over IPv6, at the end of its /64": "2600:1f18::ffff:ffff:ffff:ffff",
  "DigitalOcean as a dual-stack socket reports it (IPv4-mapped)": "::ffff:167.99.241.66",
  "DigitalOcean, IPv4-mapped in hexadecimal": "::ffff:a763:f142",
  "DigitalOcean through NAT64": "64:ff9b::167.99.241.66",
  "DigitalOcean through 6to4": "2002:a763:f142::1",
  "DigitalOcean, IPv4-translated": "::ffff:0:167.99.241.66",
  "Hetzner over IPv6, written in full": "2a01:04f8:0000:0000:0000:0000:0000:0001",
  "Hetzner over IPv6, with a zone id": "2a01:4f8::1%eth0",
};

/** People's networks, the networks people's browsers reach the web through, and addresses of no network. */
const notHosting = {
  "a home connection (Videotron)": "24.48.0.1",
  "a home connection (Andrews & Arnold)": "81.2.69.142",
  "Deutsche Telekom over IPv6": "2003::1",
  "Vodafone over IPv6": "2a02:8108::1",
  "Google's own network (its proxies forward people)": "8.8.8.8",
  "Google's own network over IPv6": "2001:4860:4860::8888",
  "Cloudflare (WARP and iCloud Private Relay carry people)": "1.1.1.1",
  "a home connection, IPv4-mapped": "::ffff:24.48.0.1",
  "a home connection through NAT64": "64:ff9b::24.48.0.1",
  "the unspecified IPv6 address": "::",
  loopback: "127.0.0.1",
  "IPv6 loopback": "::1",
  "a private address": "10.0.0.1",
  "shared CGNAT space": "100.64.0.1",
  documentation: "203.0.113.5",
};

const malformed = {
  nothing: "",
  "a word": "unknown",
  "an octet past 255": "999.1.1.1",
  "three parts": "167.99.241",
  "a port": "167.99.241.66:443",
  "a CIDR": "167.99.241.0/24",
  "spaces around": " 167.99.241.66 ",
  "two addresses": "167.99.241.66, 10.0.0.1",
  "a broken IPv6 address": "2a01:4f8:::1",
  "hex in IPv4": "0xa7.99.241.66",
  "a leading zero": "167.099.241.66",
  "nine IPv6 groups": "2a01:4f8:0:0:0:0:0:0:1",
  "a mapped address with a bad IPv4 part": "::ffff:167.99.241.666",
  "an IPv6 address in brackets": "[2a01:4f8::1]",
  "an IPv6 address with a user name": "2a01:4f8::1]@example.com",
  "a mapped address with a leading zero": "::ffff:167.99.241.066",
  "a host name": "example.com",
};

describe("isHostingAddress", () => {
  test.each(Object.entries(hosting))("%s is a hosting network", (_, address) => {
    expect(isHostingAddress(address)).toBe(true);
  });
  test.each(Object.entries(notHosting))("%s is not", (_, address) => {
    expect(isHostingAddress(address)).toBe(false);
  });
  test.each(Object.entries(malformed))("%s is not an address, so not a hosting one", (_, address) => {
    expect(isHostingAddress(address)).toBe(false);
  });

  test("the first and last address of every hundredth IPv4 range are in, the addresses either side are not", () => {
    const { ipv4 } = hostingNetworkTable();
    const text = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
    for (let range = 0; range < ipv4.length / 2; range += 100) {
      const [start, end] = [ipv4[range * 2]!, ipv4[range * 2 + 1]!];
      expect([start, end].map((n) => isHostingAddress(text(n)))).toEqual([true, true]);
      // Merged ranges never touch, so the neighbours are outside every range.
      expect([start - 1, end + 1].map((n) => isHostingAddress(text(n)))).toEqual([false, false]);
    }
  });

  test("the first and last /64 of every tenth IPv6 range are in, the /64s either side are not", () => {
    const { ipv6 } = hostingNetworkTable();
    const prefix = (at: number) => (BigInt(ipv6[at]!) << 32n) | BigInt(ipv6[at + 1]!);
    const text = (prefix: bigint) =>
      `${[48n, 32n, 16n, 0n].map((shift) => ((prefix >> shift) & 0xffffn).toString(16)).join(":")}::1`;
    for (let range = 0; range < ipv6.length / 4; range += 10) {
      const [start, end] = [prefix(range * 4), prefix(range * 4 + 2)];
      expect([start, end].map((at) => isHostingAddress(text(at)))).toEqual([true, true]);
      expect([start - 1n, end + 1n].map((at) => isHostingAddress(text(at)))).toEqual([false, false]);
    }
  });
});

describe("the binary search", () => {
  test("agrees with a scan of every range, for addresses at, beside and between the ranges' bounds", () => {
    const { ipv4 } = hostingNetworkTable();
    const scan = (n: number) => {
      for (let i = 0; i < ipv4.length; i += 2) if (ipv4[i]! <= n && n <= ipv4[i + 1]!) return true;
      return false;
    };
    const text = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
    fc.assert(
      fc.property(fc.nat(ipv4.length - 1), fc.integer({ min: -2, max: 2 }), fc.nat(0xffffffff), (at, step, any) => {
        for (const n of [ipv4[at]! + step, any].filter((n) => n >= 0 && n <= 0xffffffff)) {
          expect(isHostingAddress(text(n))).toBe(scan(n));
        }
      }),
      { numRuns: 2_000, seed: 33 },
    );
  });
});

describe("the table", () => {
  test("is sorted and disjoint, every range's start at or before its end", () => {
    const { ipv4, ipv6 } = hostingNetworkTable();
    const bounds = (words: Uint32Array, width: 1 | 2) =>
      Array.from({ length: words.length / width }, (_, i) =>
        width === 1 ? BigInt(words[i]!) : (BigInt(words[i * 2]!) << 32n) | BigInt(words[i * 2 + 1]!),
      );
    for (const [words, width] of [
      [ipv4, 1],
      [ipv6, 2],
    ] as const) {
      const all = bounds(words, width);
      expect(all.length % 2).toBe(0);
      // start <= end within a range; end + 1 < next start between ranges (merged, so never adjacent).
      all.forEach((bound, i) => {
        if (i + 1 < all.length) expect(i % 2 === 0 ? bound <= all[i + 1]! : bound + 1n < all[i + 1]!).toBe(true);
      });
    }
    expect(ipv4.length / 2).toBeGreaterThan(10_000);
    expect(ipv6.length / 4).toBeGreaterThan(1_000);
  });

  test("names its source and licence", () => {
    expect(hostingNetworksSource).toMatchObject({
      package: "@ip-location-db/asn",
      licence: expect.stringContaining("CC-BY-4.0"),
    });
  });
});
