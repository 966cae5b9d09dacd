import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import type { PublicFigures } from "@domain/public-terms";
import { AuthStateProvider } from "../lib/auth";
import { PublicFiguresProvider } from "../lib/public-terms";

/**
 * `figures`: the rates and payout rules the public pages state, as the served page states them (main.tsx);
 * `stated` false when it stated none, so they are asked for when a public page is shown.
 */
export function App({
  router,
  figures,
  stated = true,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  figures: PublicFigures;
  stated?: boolean;
}) {
  return (
    <AuthStateProvider>
      <PublicFiguresProvider value={figures} stated={stated}>
        <RouterProvider router={router} />
      </PublicFiguresProvider>
    </AuthStateProvider>
  );
}
