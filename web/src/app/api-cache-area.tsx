/**
 * The API calls' cache (TanStack Query) around the pages that use it (the advertiser page): its own chunk,
 * so the dashboard and the sign-in pages load without the library. One cache for as long as the page is open.
 */
import { Outlet } from "react-router-dom";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../lib/query-client";

const queryClient = createQueryClient();

export function ApiCacheArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
