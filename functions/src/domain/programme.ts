/** The affiliate programme itself: the name it issues invoices under and how affiliates reach it. */
export const programme = {
  name: "AI Affiliate Program",
  contactEmail: "affiliates@promptchan.ai",
  /** The advertiser's own affiliate page and social link (footer, SPEC.md §2). */
  affiliatePageUrl: "https://promptchan.ai/affiliates",
  socialUrl: "https://x.com/promptchan",
} as const;
