/**
 * The site's public address, for canonical links and social tags. Read without the full configuration
 * check (config/env.ts, which runs when Firebase loads) so public pages carry no validation code; the build
 * refuses a missing VITE_SITE_URL (web/vite.config.ts).
 */
export const siteUrl = String(import.meta.env.VITE_SITE_URL ?? "").replace(/\/+$/, "");
