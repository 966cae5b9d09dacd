/**
 * /dashboard's route module, light on purpose (issue 32, item 19): what the app must load before its first
 * render of the page. A returning affiliate sees the figures this device last saw (marked as such) as soon
 * as the app runs, while the page itself, reactfire and the Firebase SDKs are still being parsed on a slow
 * phone; the live figures replace them. On a first visit, the figures read without the SDKs
 * (lib/early-figures.ts) show as soon as they are in.
 */
import { lazy, Suspense, useState } from "react";
import { Loading } from "../../components/loading";
import { lastSeenBeforeAuth } from "../../lib/last-seen-figures";
import { useEarlyFigures } from "./early-dashboard";
import { LastSeenFigures } from "./stat-cards";
import styles from "./dashboard.module.css";

const DashboardPage = lazy(async () => ({ default: (await import("./dashboard-page")).DashboardPage }));

/**
 * What /dashboard shows before Auth, Firestore and the page have loaded (app/route-pending.tsx): for a
 * returning affiliate, the figures this device last saw, marked as such; on a first visit, the early reads'
 * once in; otherwise the page's loading state.
 * Not at an admin's ?uid= view, which shows someone else.
 */
export function DashboardPending() {
  const [lastSeen] = useState(() =>
    typeof window === "undefined" || new URLSearchParams(window.location.search).has("uid")
      ? undefined
      : lastSeenBeforeAuth(),
  );
  // A first visit: the figures read before the SDKs (lib/early-figures.ts), when they are in.
  const shown = useEarlyFigures() ?? lastSeen;
  if (!shown) return <Loading page label="Loading your dashboard…" />;
  return (
    <div className={styles.dashboard}>
      <LastSeenFigures shown={shown} />
    </div>
  );
}

export function DashboardRoute() {
  return (
    <Suspense fallback={<DashboardPending />}>
      <DashboardPage />
    </Suspense>
  );
}
