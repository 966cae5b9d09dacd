/**
 * The product's own code, run inside the bench process against the emulators: the compiled functions
 * (functions/lib, built first; Node runs this script as it is and the sources import each other as .js),
 * typed from the sources, as scripts/seed/demo-data.ts does.
 *
 * Modules whose sources reach the invoice template (.tsx, which the root tsconfig does not compile) are
 * typed here by hand instead: the API app and the invoice renderer.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Express, Request, Response } from "express";
import type * as AffiliatePagesModule from "../../../functions/src/advertiser/affiliate-pages.ts";
import type * as SummaryModule from "../../../functions/src/advertiser/summary.ts";
import type * as FirestoreModule from "../../../functions/src/data/firestore.ts";
import type * as KnownLinksModule from "../../../functions/src/data/known-links.ts";
import type * as AdvertiserSummaryModule from "../../../functions/src/domain/advertiser-summary.ts";
import type * as AdvertisersModule from "../../../functions/src/domain/advertisers.ts";
import type * as BalanceModule from "../../../functions/src/domain/balance.ts";
import type * as DaysModule from "../../../functions/src/domain/days.ts";
import type * as ModelModule from "../../../functions/src/domain/model.ts";
import type * as MoneyModule from "../../../functions/src/domain/money.ts";
import type * as PayoutDetailsModule from "../../../functions/src/domain/payout-details.ts";
import type * as PayoutEligibilityModule from "../../../functions/src/domain/payout-eligibility.ts";
import { demoSecrets } from "../../lib/local-secrets.ts";
import { demoProjectId, rootDir } from "../../lib/project.ts";

export const functionsLib = path.join(rootDir, "functions", "lib");

const compiled = <T>(file: string) => import(path.join(functionsLib, file)) as Promise<T>;

/**
 * What the Functions emulator gives a function: the project, the demo secrets, and every parameter from
 * functions/.env, .env.<project> and .env.local, else its declared default (firebase-functions params
 * read process.env at run time and an unset integer reads as 0).
 */
function functionsEnvironment(): void {
  process.env.GCLOUD_PROJECT ??= demoProjectId;
  process.env.EVENT_SIGNING_SECRETS ??= JSON.stringify(demoSecrets.EVENT_SIGNING_SECRETS);
  process.env.VISITOR_SALT ??= demoSecrets.VISITOR_SALT;
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

export interface ApiAppModule {
  createApp(): Express;
}

export interface TrackModule {
  handleTrack(req: Request, res: Response): Promise<void>;
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
    compiled<typeof FirestoreModule>("data/firestore.js"),
    compiled<typeof ModelModule>("domain/model.js"),
    compiled<typeof AdvertisersModule>("domain/advertisers.js"),
    compiled<typeof SummaryModule>("advertiser/summary.js"),
    compiled<typeof AffiliatePagesModule>("advertiser/affiliate-pages.js"),
    compiled<typeof AdvertiserSummaryModule>("domain/advertiser-summary.js"),
    compiled<typeof MoneyModule>("domain/money.js"),
    compiled<typeof BalanceModule>("domain/balance.js"),
    compiled<typeof DaysModule>("domain/days.js"),
    compiled<typeof PayoutDetailsModule>("domain/payout-details.js"),
    compiled<typeof PayoutEligibilityModule>("domain/payout-eligibility.js"),
    compiled<ApiAppModule>("http/app.js"),
    compiled<TrackModule>("http/track.js"),
    compiled<typeof KnownLinksModule>("data/known-links.js"),
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
