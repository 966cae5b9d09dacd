/**
 * Rate limits count per clock minute, and a visitor's clicks per clock hour. A test that needs some of such
 * a window to itself starts in a fresh one rather than straddle a boundary (a wait on the clock, bounded by
 * `needMs`; no server is waited for).
 */
export async function startOfRoomyWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export const startOfRoomyMinute = (needMs: number) => startOfRoomyWindow(60_000, needMs);
