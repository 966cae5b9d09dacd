/** Every route of the site, in one place (SPEC.md §2). */
export const paths = {
  home: "/",
  signup: "/signup",
  /** The sign-up page's wording for returning users (the same sign-in underneath). */
  login: "/login",
  dashboard: "/dashboard",
  advertiser: "/advertiser",
  /** The staff console's sections beside the affiliates (issue 32). */
  advertiserPayouts: "/advertiser/payouts",
  advertiserIntegration: "/advertiser/integration",
  advertiserReports: "/advertiser/reports",
  advertiserSettings: "/advertiser/settings",
  /** Issue 33's open risk cases; `?case=<id>` opens one. */
  advertiserRisk: "/advertiser/risk",
  terms: "/terms",
  termsOfService: "/termsofservice",
  products: "/products",
  aiPornAffiliateProgram: "/ai-porn-affiliate-program",
  updates: "/updates",
} as const;
