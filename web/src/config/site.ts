import { programme } from "@domain/programme";

/**
 * The site's public address, for canonical links and social tags, straight from the build's environment:
 * web/vite.config.ts checks the whole configuration when the app is built (config/env.ts's parseEnv) and
 * refuses a missing or invalid VITE_SITE_URL, so no page carries validation code for it.
 */
export const siteUrl = String(import.meta.env.VITE_SITE_URL ?? "").replace(/\/+$/, "");

const configured = (value: unknown): string | undefined => (typeof value === "string" && value.trim()) || undefined;

/**
 * Where people reach the programme (the footer, the terms, the advertiser page): configurable per
 * deployment (web/.env.example), the programme's own addresses (functions/src/domain/programme.ts) unless set.
 */
export const contact = {
  email: configured(import.meta.env.VITE_CONTACT_EMAIL) ?? programme.contactEmail,
  affiliatePageUrl: configured(import.meta.env.VITE_AFFILIATE_PAGE_URL) ?? programme.affiliatePageUrl,
  socialUrl: configured(import.meta.env.VITE_SOCIAL_URL) ?? programme.socialUrl,
  socialName: configured(import.meta.env.VITE_SOCIAL_NAME) ?? programme.socialName,
};
