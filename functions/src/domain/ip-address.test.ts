import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressBlock, addressIdentity, ipVersion, isPrivateAddress, isPublicAddress } from "./ip-address.js";

describe("which addresses the product may call", () => {
  test.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "0.1.2.3",
    "192.0.0.8",
    "192.0.2.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "2001:db8::1",
    "3fff::1",
    "100::1",
    // IPv4-mapped, in dotted and hex form
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    // The review's four: IPv4-compatible, IPv4-translated, 6to4 carrying 127.0.0.1, deprecated site-local
    "::127.0.0.1",
    "::ffff:0:127.0.0.1",
    "2002:7f00:1::1",
    "fec0::1",
    // 6to4 carrying the metadata server and a private network; NAT64 (well-known and local-use prefixes)
    "2002:a9fe:a9fe::1",
    "2002:0a00:0001::",
    "64:ff9b::a00:1",
    "64:ff9b::127.0.0.1",
    "64:ff9b:1::a9fe:a9fe",
    // Teredo, ORCHIDv2, benchmarking
    "2001::1",
    "2001:20::1",
    "2001:2::1",
    "not an address",
    "127.1",
    "0x7f000001",
    "",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each([
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "93.184.216.34",
    "2606:4700::1111",
    "2a00:1450:4001:81c::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
  ])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test("an IPv6 address carrying an IPv4 address is as public as that address, in every form", () => {
    const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
    fc.assert(
      fc.property(octets, ([a, b, c, d]) => {
        const v4 = `${a}.${b}.${c}.${d}`;
        const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
        const expected = isPublicAddress(v4);
        expect(isPublicAddress(`::ffff:${v4}`)).toBe(expected);
        expect(isPublicAddress(`::ffff:${hex(a, b)}:${hex(c, d)}`)).toBe(expected);
        expect(isPublicAddress(`::ffff:0:${v4}`)).toBe(expected);
        expect(isPublicAddress(`64:ff9b::${v4}`)).toBe(expected);
        expect(isPublicAddress(`2002:${hex(a, b)}:${hex(c, d)}::1`)).toBe(expected);
        // IPv4-compatible, but for :: and ::1, which are their own (never public) addresses
        if (a + b + c > 0 || d > 1) expect(isPublicAddress(`::${v4}`)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  test("addresses are told from names", () => {
    expect(ipVersion("1.2.3.4")).toBe(4);
    expect(ipVersion("256.1.1.1")).toBe(0);
    expect(ipVersion("127.1")).toBe(0);
    expect(ipVersion("2001:db8::1")).toBe(6);
    expect(ipVersion("::ffff:1.2.3.4")).toBe(6);
    expect(ipVersion("tracker.example")).toBe(0);
    expect(ipVersion("1::2::3")).toBe(0);
    expect(ipVersion("fe80::1%eth0")).toBe(0);
  });
});

describe("addressIdentity: one text per place a request came from (issue 33)", () => {
  test.each([
    ["203.0.113.7", "ip:203.0.113.7"],
    ["::ffff:203.0.113.7", "ip:203.0.113.7"],
    ["::ffff:cb00:7107", "ip:203.0.113.7"],
    ["2002:cb00:7107::1", "ip:203.0.113.7"],
    ["2001:db8:aa:bb:1:2:3:4", "ip6:2001:db8:aa:bb::/64"],
    ["2001:0DB8:00AA:00BB:ffff::9", "ip6:2001:db8:aa:bb::/64"],
  ])("%s is %s", (address, text) => {
    expect(addressIdentity(address)).toBe(text);
  });

  test("anything else is none", () => {
    for (const text of ["", "localhost", "203.0.113", "fe80::1%eth0", "1.2.3.4.5"]) {
      expect(addressIdentity(text)).toBeNull();
    }
  });
});

describe("addressBlock: the block an address is in (issue 33, many sign-ups from one block)", () => {
  test.each([
    ["203.0.113.7", "block:203.0.113.0/24"],
    ["203.0.113.250", "block:203.0.113.0/24"],
    ["::ffff:203.0.113.7", "block:203.0.113.0/24"],
    ["2002:cb00:7107::1", "block:203.0.113.0/24"],
    ["2001:db8:aa:bb:1:2:3:4", "block6:2001:db8:aa::/48"],
    ["2001:0DB8:00AA:ffff::9", "block6:2001:db8:aa::/48"],
  ])("%s is in %s", (address, block) => {
    expect(addressBlock(address)).toBe(block);
  });

  test("neighbouring blocks are apart, and an address's block is not its identity", () => {
    expect(addressBlock("203.0.114.7")).not.toBe(addressBlock("203.0.113.7"));
    expect(addressBlock("2001:db8:ab::1")).not.toBe(addressBlock("2001:db8:aa::1"));
    expect(addressBlock("203.0.113.7")).not.toBe(addressIdentity("203.0.113.7"));
  });

  test("anything else is none", () => {
    for (const text of ["", "localhost", "203.0.113", "fe80::1%eth0", "1.2.3.4.5"]) {
      expect(addressBlock(text)).toBeNull();
    }
  });
});
