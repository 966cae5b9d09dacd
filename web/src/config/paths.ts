/** Every route of the site, in one place (SPEC.md §2). */
export const paths = {
  home: "/",
  signup: "/signup",
  /** The sign-up page's wording for returning users (the same sign-in underneath). */
  login: "/login",
  dashboard: "/dashboard",
  advertiser: "/advertiser",
  terms: "/terms",
  termsOfService: "/termsofservice",
  products: "/products",
  aiPornAffiliateProgram: "/ai-porn-affiliate-program",
  updates: "/updates",
} as const;
