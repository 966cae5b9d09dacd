/**
 * The affiliate programme itself: the name it issues invoices under and how affiliates reach it. Words on
 * screen (issue 32, one vocabulary): "programme" in our sentences; "Program" only inside this name, where
 * the Terms abbreviate it, and in the phrases people search for ("AI porn affiliate program").
 */
export const programme = {
  name: "AI Affiliate Program",
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

/**
 * Who issues the invoices, as registered: the operating company's legal name and its postal address, a line
 * each. Every invoice prints them (issue 32). They are the operator's facts, not the code's: set at deploy
 * (config.ts's OPERATOR_LEGAL_NAME and OPERATOR_POSTAL_ADDRESS; the emulators' env file has demo ones).
 */
export interface InvoiceIssuer {
  legalName: string;
  postalAddress: string[];
}

/** The parameter's address, lines separated by ";" ("Suite 4, 1 Quay St; Dublin D02 X285; Ireland"), as lines. */
export const addressLines = (text: string): string[] =>
  text
    .split(";")
    .map((line) => line.trim())
    .filter((line) => line !== "");
