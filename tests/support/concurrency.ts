/**
 * Runs `task` over `items` with at most `limit` in flight: concurrent enough to race, bounded so the
 * Functions emulator (which starts a worker process per simultaneous request) is not asked for hundreds of
 * processes at once on a two-core machine. Production runs one instance with `concurrency` requests.
 */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Requests in flight at once in the load-style tests. */
export const emulatorConcurrency = 16;
