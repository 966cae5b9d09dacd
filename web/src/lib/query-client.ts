/**
 * The API calls' cache (TanStack Query). Failures are handled where they happen (SPEC.md §8: most are only
 * logged), so no automatic retries; and the data refreshes when a page asks, not on every window focus.
 */
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
