/** The affiliate programme itself: the name it issues invoices under and how affiliates reach it. */
export const programme = {
  name: "AI Affiliate Program",
  /**
   * Who issues the invoices, as registered: the operating company's legal name and its postal address, a
   * line each. Every invoice prints them (issue 32); the operator puts its own here before going live.
   */
  legalName: "AI Affiliate Program Ltd",
  postalAddress: ["Suite 4, 18 Harbour Quay", "Dublin D02 X285", "Ireland"],
  contactEmail: "affiliates@promptchan.ai",
  /** The advertiser's own affiliate page and social link (footer, SPEC.md §2). */
  affiliatePageUrl: "https://promptchan.ai/affiliates",
  socialUrl: "https://x.com/promptchan",
  /** The social network the social link points to, for its label. */
  socialName: "X",
  /** The reach the landing copy claims (SPEC.md §1). */
  affiliateCount: "6,000+",
  userCount: "5M+",
  /** How affiliates are paid, as the landing copy names them (SPEC.md §1). */
  payoutMethodsText: "Wise, bank transfer or crypto",
  /** The traffic the programme accepts (SPEC.md §1). */
  trafficSources: ["Web", "Social media", "E-mail", "Paid ads"],
} as const;
