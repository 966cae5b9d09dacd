/**
 * An affiliate's recruit link and recruits as their dashboard shows them (issue 34, docs/recruits.md): the link's
 * code, whether they joined through someone's link (never whose), the programme's share now, and each recruit's
 * earnings for them under an alias ("Recruit 3"), never the recruit's id, name or e-mail.
 */
import { defaultAdvertiserId } from "../domain/advertisers.js";
import { centsToDollars } from "../domain/money.js";
import { recruitAlias } from "../domain/recruits.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { settingsInForce } from "../data/programme-settings.js";
import { recruitLines } from "../data/recruits.js";

/** How many recruits the dashboard lists (the newest). */
export const recruitsShown = 100;

export async function loadRecruits(uid: string, now: Date) {
  const affiliate = await getAffiliateOrThrow(uid);
  const [settings, lines] = await Promise.all([
    settingsInForce(defaultAdvertiserId, now),
    // A recruiter's lines only: everyone else's dashboard reads nothing more.
    (affiliate.recruits_count ?? 0) > 0 ? recruitLines(uid, recruitsShown) : [],
  ]);
  const recruits = lines.map((line) => ({
    alias: recruitAlias(line.no),
    level: line.level,
    since: line.since.toISOString(),
    sales: line.sales,
    earned: centsToDollars(line.earnings_cents - line.clawed_back_cents),
    clawed_back: centsToDollars(line.clawed_back_cents),
  }));
  const totalCents = lines.reduce((sum, line) => sum + line.earnings_cents - line.clawed_back_cents, 0);
  return {
    recruit_code: uid,
    recruited: Boolean(affiliate.recruited_by),
    share: settings.recruit_share,
    count: affiliate.recruits_count ?? 0,
    total_earned: centsToDollars(totalCents),
    recruits,
  };
}
