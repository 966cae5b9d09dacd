/**
 * The product's own code, run inside the bench process against the emulators: the functions' sources
 * (functions/src, loaded through ../../lib/functions-sources.ts), imported once the environment the
 * Functions emulator would give them is set.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import "../../lib/functions-sources.ts";
import { demoSecrets } from "../../lib/local-secrets.ts";
import { demoProjectId, rootDir } from "../../lib/project.ts";

/**
 * What the Functions emulator gives a function: the project, the demo secrets, and every parameter from
 * functions/.env, .env.<project> and .env.local, else its declared default (firebase-functions params
 * read process.env at run time and an unset integer reads as 0).
 */
function functionsEnvironment(): void {
  process.env.GCLOUD_PROJECT ??= demoProjectId;
  process.env.EVENT_SIGNING_SECRETS ??= JSON.stringify(demoSecrets.EVENT_SIGNING_SECRETS);
  process.env.VISITOR_SALT ??= demoSecrets.VISITOR_SALT;
  process.env.PAYOUT_DESTINATION_SALT ??= demoSecrets.PAYOUT_DESTINATION_SALT;
  for (const name of [".env", `.env.${demoProjectId}`, ".env.local"]) {
    const file = path.join(rootDir, "functions", name);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
      if (match) process.env[match[1]!] ??= match[2]!.replace(/^(['"])(.*)\1$/, "$2");
    }
  }
}

async function declareDefaults(): Promise<void> {
  const { declaredParams } = await import("firebase-functions/params");
  for (const param of declaredParams) {
    const fallback = (param as { options?: { default?: unknown } }).options?.default;
    if (fallback !== undefined && typeof fallback !== "object") process.env[param.name] ??= String(fallback);
  }
}

export async function loadFunctions() {
  functionsEnvironment();
  const [
    firestore,
    model,
    advertisers,
    summary,
    affiliatePages,
    advertiserSummary,
    money,
    balance,
    days,
    payoutDetails,
    payoutEligibility,
    app,
    track,
    knownLinks,
  ] = await Promise.all([
    import("../../../functions/src/data/firestore.ts"),
    import("../../../functions/src/domain/model.ts"),
    import("../../../functions/src/domain/advertisers.ts"),
    import("../../../functions/src/advertiser/summary.ts"),
    import("../../../functions/src/advertiser/affiliate-pages.ts"),
    import("../../../functions/src/domain/advertiser-summary.ts"),
    import("../../../functions/src/domain/money.ts"),
    import("../../../functions/src/domain/balance.ts"),
    import("../../../functions/src/domain/days.ts"),
    import("../../../functions/src/domain/payout-details.ts"),
    import("../../../functions/src/domain/payout-eligibility.ts"),
    import("../../../functions/src/http/app.ts"),
    import("../../../functions/src/http/track.ts"),
    import("../../../functions/src/data/known-links.ts"),
  ]);
  await declareDefaults();
  firestore.db(); // initialises the Admin SDK for the demo project (the emulators, from their variables)
  return {
    db: firestore.db,
    refs: firestore.refs,
    newAffiliate: model.newAffiliate,
    collections: model.collections,
    advertisers: advertisers.advertisers,
    advertiserIds: advertisers.advertiserIds,
    readSummaryRows: summary.readSummaryRows,
    loadSummaryPage: summary.loadSummaryPage,
    summarySourceFields: advertiserSummary.summarySourceFields,
    listPlan: affiliatePages.listPlan,
    listFields: affiliatePages.listFields,
    formatDollars: money.formatDollars,
    balanceOf: balance.balanceOf,
    minimumPayoutCents: payoutEligibility.minimumPayoutCents,
    dayKey: days.dayKey,
    lastDays: days.lastDays,
    emptyPayoutDetails: payoutDetails.emptyPayoutDetails,
    createApp: app.createApp,
    handleTrack: track.handleTrack,
    knownLinksMs: knownLinks.knownLinksMs,
  };
}

export type Functions = Awaited<ReturnType<typeof loadFunctions>>;
