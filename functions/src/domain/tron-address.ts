import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";

/** Base58Check with TRON's (and Bitcoin's) 4-byte double-SHA-256 checksum, from audited libraries. */
const base58check = createBase58check(sha256);

/**
 * Whether text is a TRON (TRC-20) account address: Base58Check of 0x41 followed by 20 bytes, which is 34
 * characters starting with 'T'. The checksum catches a mistyped character, which would otherwise send a
 * payout to nobody.
 */
export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  try {
    const payload = base58check.decode(text);
    return payload.length === 21 && payload[0] === 0x41;
  } catch {
    return false; // a checksum that does not match
  }
}
