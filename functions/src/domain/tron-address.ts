import { sha256 } from "./sha256.js";

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * Whether text is a TRON (TRC-20) account address: Base58Check of 0x41 followed by 20 bytes, which is 34
 * characters starting with 'T' and carrying a 4-byte double-SHA-256 checksum. The checksum catches a
 * mistyped character, which would otherwise send a payout to nobody.
 */
export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const bytes = decodeBase58(text);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.every((byte, i) => byte === bytes[21 + i]);
}

function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = base58Alphabet.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}
