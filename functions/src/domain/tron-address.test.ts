import { expect, test } from "vitest";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { isTronAddress } from "./tron-address.js";

test("a valid checksum over a payload that is not 0x41 and 20 bytes is refused", () => {
  // Base58Check of 0x42 and 20 zero bytes: a well-formed string whose checksum matches, of another network.
  const other = createBase58check(sha256).encode(Uint8Array.from([0x42, ...Array<number>(20).fill(0)]));
  expect(other).toMatch(/^T/);
  expect(isTronAddress(other)).toBe(false);
});

test.each([
  "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7",
  "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
])("%s is a TRON address", (address) => {
  expect(isTronAddress(address)).toBe(true);
});

test.each([
  ["one character changed", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"],
  ["too short", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6"],
  ["not starting with T", "1R7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
  ["a character outside Base58 (0)", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60"],
  ["a Bitcoin address", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"],
  ["an Ethereum address", "0x742d35Cc6634C0532925a3b844Bc454e4438f44e"],
  ["empty", ""],
])("refuses %s", (_, address) => {
  expect(isTronAddress(address)).toBe(false);
});
