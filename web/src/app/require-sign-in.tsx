/**
 * The one auth guard, applied once in the router around the signed-in routes: a signed-out visitor of
 * /dashboard or /advertiser goes to /signup (SPEC.md §2). The pages behind it read the user with useSignedIn().
 */
import { Navigate, Outlet, useNavigation } from "react-router-dom";
import { Loading } from "../components/loading";
import { paths } from "../config/paths";
import { useAuthState } from "../lib/auth";
import { RoutePending } from "./route-pending";

export function RequireSignIn() {
  const auth = useAuthState();
  const navigation = useNavigation();
  // While Auth resolves, neither the page nor the sign-up form: no flash of the wrong page; the page's own
  // pending view if it has one (the dashboard's last-seen figures).
  if (auth.status === "unknown") return <RoutePending />;
  if (auth.status === "signed-out") {
    // Signed out on the way elsewhere (Log out goes home): that navigation finishes, not a detour to /signup.
    if (navigation.state !== "idle") return <Loading page />;
    return <Navigate to={paths.signup} replace />;
  }
  return <Outlet />;
}
