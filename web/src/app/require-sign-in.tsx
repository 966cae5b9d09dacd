/** The one auth guard: a signed-out visitor of /dashboard or /advertiser goes to /signup (SPEC.md §2). */
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { useSigninCheck } from "reactfire";
import type { User } from "firebase/auth";
import { Loading } from "../components/loading";
import { paths } from "./paths";

export function RequireSignIn({ children }: { children: (user: User) => ReactNode }) {
  const { status, data } = useSigninCheck();
  // While Auth resolves, neither the page nor the sign-up form: no flash of the wrong page.
  if (status !== "success") return <Loading />;
  if (!data.signedIn || !data.user) return <Navigate to={paths.signup} replace />;
  return children(data.user);
}
