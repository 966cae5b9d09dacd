import type { AppEnv } from "./env";

/** Put in by web/vite.config.ts: web/.env.<mode>, read and checked (parseEnv) when the app is built. */
declare const __APP_CONFIG__: AppEnv;

/**
 * The app's configuration. Checked at build time, so a missing or invalid value fails the build instead of
 * a visitor's page, and the browser loads no validation code for it.
 */
export const config: AppEnv = __APP_CONFIG__;
