/** What every benchmark is handed by the runner. */
import type { Browser, BrowserContextOptions } from "playwright-core";
import type { FirestoreOpCounter } from "./firestore-ops.ts";
import type { Functions } from "./functions.ts";

/** A signed-in affiliate whose dashboard the browser benchmarks open. */
export interface DashboardUser {
  uid: string;
  email: string;
  /** Cookies, local storage and IndexedDB (where Firebase Auth keeps the session) of a signed-in profile. */
  storageState: Exclude<BrowserContextOptions["storageState"], string | undefined>;
  /** What the Balance card shows once the data is in. */
  balance: string;
}

export interface BenchContext {
  fns: Functions;
  ops: FirestoreOpCounter;
  /** The Hosting emulator: what a browser or an advertiser's server reaches. */
  site: { host: string; port: number; url: string };
  log: (message: string) => void;
  /** A file the run removes at the end (e.g. a floor page written into web/dist). */
  cleanup: (file: string) => void;
  /** Headless Chromium, launched on first use and shared. */
  browser: () => Promise<Browser>;
  shared: { dashboard?: DashboardUser };
}

export const elapsed = (since: number) => Math.round((performance.now() - since) / 100) / 10;
