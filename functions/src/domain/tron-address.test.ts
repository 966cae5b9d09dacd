import { expect, test } from "vitest";
import { sha256 } from "./sha256.js";
import { isTronAddress } from "./tron-address.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

test("sha256 matches the standard test vectors", () => {
  expect(hex(sha256(new Uint8Array()))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  expect(hex(sha256(new TextEncoder().encode("abc")))).toBe(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  const twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  expect(hex(sha256(new TextEncoder().encode(twoBlocks)))).toBe(
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
});

test("sha256 agrees with node:crypto on inputs around the block boundaries", async () => {
  const { createHash } = await import("node:crypto");
  for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 200]) {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 256);
    expect(hex(sha256(bytes))).toBe(createHash("sha256").update(bytes).digest("hex"));
  }
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
