import { afterEach, describe, expect, test, vi } from "vitest";
import { programme } from "@domain/programme";

async function freshSite() {
  vi.resetModules();
  return import("./site");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("contact", () => {
  test("is the programme's own when nothing is configured", async () => {
    vi.stubEnv("VITE_CONTACT_EMAIL", "");
    vi.stubEnv("VITE_SOCIAL_URL", "  ");
    const { contact } = await freshSite();
    expect(contact).toEqual({
      email: programme.contactEmail,
      affiliatePageUrl: programme.affiliatePageUrl,
      socialUrl: programme.socialUrl,
      socialName: programme.socialName,
    });
  });

  test("takes each configured address", async () => {
    vi.stubEnv("VITE_CONTACT_EMAIL", "partners@example.com");
    vi.stubEnv("VITE_AFFILIATE_PAGE_URL", "https://example.com/affiliates");
    vi.stubEnv("VITE_SOCIAL_URL", "https://bsky.app/profile/example.com");
    vi.stubEnv("VITE_SOCIAL_NAME", "Bluesky");
    const { contact } = await freshSite();
    expect(contact).toEqual({
      email: "partners@example.com",
      affiliatePageUrl: "https://example.com/affiliates",
      socialUrl: "https://bsky.app/profile/example.com",
      socialName: "Bluesky",
    });
  });
});
