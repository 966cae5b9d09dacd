/**
 * What a signed-in page shows while Firebase loads and Auth resolves (app/signed-in-area.tsx,
 * app/require-sign-in.tsx): the page's own pending view when its route names one in its handle (the
 * dashboard's last-seen figures, issue 32 item 19), else the page's loading state.
 */
import type { ReactElement } from "react";
import { useMatches } from "react-router-dom";
import { Loading } from "../components/loading";

export interface PendingHandle {
  pending?: ReactElement;
}

export function RoutePending() {
  const matches = useMatches();
  const pending = matches
    .map((match) => (match.handle as PendingHandle | undefined)?.pending)
    .findLast((element) => element !== undefined);
  return pending ?? <Loading page />;
}
