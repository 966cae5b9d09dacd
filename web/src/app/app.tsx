import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import type { PublicFigures } from "@domain/public-terms";
import { AuthStateProvider } from "../lib/auth";
import { PublicFiguresProvider } from "../lib/public-terms";

/** `figures`: the rates and payout rules the public pages state, as the served page states them (main.tsx). */
export function App({ router, figures }: { router: ReturnType<typeof createBrowserRouter>; figures: PublicFigures }) {
  return (
    <AuthStateProvider>
      <PublicFiguresProvider value={figures}>
        <RouterProvider router={router} />
      </PublicFiguresProvider>
    </AuthStateProvider>
  );
}
