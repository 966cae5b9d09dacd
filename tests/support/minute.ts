/**
 * Rate limits count per clock minute. A test that needs some of a minute to itself starts in a fresh one
 * rather than straddle a boundary (a wait on the clock, bounded by `needMs`; no server is waited for).
 */
export async function startOfRoomyMinute(needMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
