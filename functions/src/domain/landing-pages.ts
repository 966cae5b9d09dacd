/** A page of the advertiser's site a tracking link can land on (SPEC.md §3). */
export interface LandingPage {
  label: string;
  /** The path on the advertiser's site; empty for the default (home) page. */
  value: string;
  nsfw: boolean;
}

/**
 * SPEC.md §3's catalogue, in its order. SPEC.md does not give the paths; these follow each label. Every
 * option except Default and the two marked (SFW) is NSFW.
 */
export const landingPages: readonly LandingPage[] = [
  { label: "Default", value: "", nsfw: false },
  { label: "AI Character", value: "/ai-character", nsfw: true },
  { label: "AI Generator (SFW)", value: "/ai-generator", nsfw: false },
  { label: "AI Hentai", value: "/ai-hentai", nsfw: true },
  { label: "AI Porn", value: "/ai-porn", nsfw: true },
  { label: "AI Porn Video Generator", value: "/ai-porn-video-generator", nsfw: true },
  { label: "Furry AI", value: "/furry-ai", nsfw: true },
  { label: "Gay AI Porn", value: "/gay-ai-porn", nsfw: true },
  { label: "Girl Generator (SFW)", value: "/girl-generator", nsfw: false },
  { label: "NSFW AI", value: "/nsfw-ai", nsfw: true },
  { label: "NSFW AI Chat", value: "/nsfw-ai-chat", nsfw: true },
  { label: "NSFW AI Video Generator", value: "/nsfw-ai-video-generator", nsfw: true },
];

/** The landing page with this value, if it is one of the catalogue's (the redirect accepts no other). */
export function findLandingPage(value: string): LandingPage | undefined {
  return landingPages.find((page) => page.value === value);
}
