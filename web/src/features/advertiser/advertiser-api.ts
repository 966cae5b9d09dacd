/** The advertiser page's calls (SPEC.md §7 and docs/api.md), through the app's API client. */
import type { LoweredRatesScope } from "@domain/promised-terms";
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import type { ListFilters } from "@domain/affiliate-list";
import type { AdvertiserId } from "@domain/advertisers";
import type { RiskAction, RiskFamily } from "@domain/risk-rules";
import { callApi, callApiForPdf, saveFile, type ApiAnswer, type ApiInput } from "../../lib/api";

export async function checkAdvertiser(user: User): Promise<boolean> {
  const answer = await callApi(user, "GET", "/api/check_advertiser");
  return answer.is_advertiser === true;
}

/** The advertiser list's filters and order, as GET /api/affiliates takes them. */
export type { ListFilters };

/** The answers the page reads, as the API's contract declares them. */
export type {
  AffiliatePage,
  IssuedPayout,
  PayoutBatch,
  ProgrammeReport,
  RecordedPayout,
  SuspensionResult,
} from "@contract/advertiser";
export type { TestConversion } from "@contract/integration";
export type { RiskCaseRow, RiskCaseView, RiskSimulation } from "@contract/risk";
export type {
  AdvertiserSettings as AdvertiserSettingsView,
  SettingsVersion as SettingsVersionView,
} from "@contract/programme-settings";

/** One page of the advertiser list, filtered, searched and ordered on the server (issue 20). */
export function fetchAffiliatePage(
  user: User,
  filters: ListFilters,
  after: string | null,
  limit: number,
): Promise<ApiAnswer<"GET", "/api/affiliates">> {
  const search = filters.search.trim();
  return callApi(user, "GET", "/api/affiliates", {
    limit: String(limit),
    order: filters.order,
    ...(search !== "" ? { q: search } : {}),
    ...(filters.pending ? { pending: "true" } : {}),
    ...(filters.highRisk ? { high_risk: "true" } : {}),
    ...(filters.ready ? { ready: "true" } : {}),
    ...(after !== null ? { after } : {}),
  });
}

/** Who else uses the affiliate's payout destination (issue 33), for their card. */
export function fetchSharedDestination(
  user: User,
  uid: string,
): Promise<ApiAnswer<"GET", "/api/shared_payout_destination">> {
  return callApi(user, "GET", "/api/shared_payout_destination", { user_id: uid });
}

/** Records the row's pending payout, for the pending amount (the server refuses any other). */
export function recordPayout(user: User, row: SummaryRow): Promise<ApiAnswer<"POST", "/api/record_payout">> {
  return callApi(user, "POST", "/api/record_payout", {
    user_id: row.user_id,
    payout_amount: row.pending_payout ?? row.required_payout,
  });
}

/** Downloads the row's latest invoice PDF (SPEC.md §7: the latest invoice object is the request body). */
export async function exportInvoice(user: User, row: SummaryRow): Promise<void> {
  if (!row.latest_invoice) throw new Error("This affiliate has no invoice yet.");
  saveFile(await callApiForPdf(user, "/api/download_invoice", row.latest_invoice));
}

export function fetchPayoutHistory(user: User, after: string | null): Promise<ApiAnswer<"GET", "/api/payout_history">> {
  return callApi(user, "GET", "/api/payout_history", after ? { after } : {});
}

/** The refunds that have waited too long for their sale, the longest waiting first. */
export function fetchOverdueRefunds(user: User): Promise<ApiAnswer<"GET", "/api/overdue_refunds">> {
  return callApi(user, "GET", "/api/overdue_refunds");
}

/** Suspends the affiliate (they are e-mailed the reason) or reinstates them. */
export function setSuspension(
  user: User,
  row: Pick<SummaryRow, "user_id">,
  suspended: boolean,
  reason: string,
): Promise<ApiAnswer<"POST", "/api/set_suspension">> {
  return callApi(user, "POST", "/api/set_suspension", {
    user_id: row.user_id,
    suspended,
    ...(suspended ? { reason } : {}),
  });
}

/** The commission groups (issue 34), the default one (the programme settings) first. */
export async function fetchGroups(user: User): Promise<GroupView[]> {
  return (await callApi(user, "GET", "/api/commission_groups")).groups;
}

/** A group as GET /api/commission_groups lists it. */
export type GroupView = ApiAnswer<"GET", "/api/commission_groups">["groups"][number];

/** Creates a group (`edit` null) or saves an edit of the version loaded as its next version (admin). */
export function saveGroup(
  user: User,
  edit: { id: string; version: number } | null,
  name: string,
  terms: ApiInput<"POST", "/api/commission_groups">["terms"],
): Promise<ApiAnswer<"POST", "/api/commission_groups">> {
  return callApi(user, "POST", "/api/commission_groups", { ...(edit ?? {}), name, terms });
}

/** Moves affiliates to a group, with the reason (kept in the audit). */
export function moveAffiliates(
  user: User,
  uids: string[],
  groupId: string,
  reason: string,
): Promise<ApiAnswer<"POST", "/api/move_affiliates">> {
  return callApi(user, "POST", "/api/move_affiliates", { user_ids: uids, group_id: groupId, reason });
}

/** The programme's funnels for one advertiser: by landing page, and its best converting links. */
export function fetchConversionReport(
  user: User,
  advertiser: AdvertiserId,
): Promise<ApiAnswer<"GET", "/api/conversion_report">> {
  return callApi(user, "GET", "/api/conversion_report", { advertiser });
}

type IntegrationAnswer = ApiAnswer<"GET", "/api/integration">;

/** The advertiser's postback integration: URL, tokens, test click and the postbacks received. */
export function fetchIntegration(user: User, advertiser: AdvertiserId): Promise<IntegrationAnswer> {
  return callApi(user, "GET", "/api/integration", { advertiser });
}

export function rotateToken(user: User, advertiser: AdvertiserId): Promise<IntegrationAnswer> {
  return callApi(user, "POST", "/api/integration/rotate_token", { advertiser });
}

export function revokeToken(user: User, advertiser: AdvertiserId, token: string): Promise<IntegrationAnswer> {
  return callApi(user, "POST", "/api/integration/revoke_token", { advertiser, token });
}

export function sendTestConversion(
  user: User,
  advertiser: AdvertiserId,
  event: "sign_up" | "sale",
  amount: string,
): Promise<ApiAnswer<"POST", "/api/integration/test_conversion">> {
  return callApi(user, "POST", "/api/integration/test_conversion", {
    advertiser,
    event,
    ...(event === "sale" ? { amount } : {}),
  });
}

/** Freezes the chosen affiliates' pending payouts into a batch, then records each as paid (once). */
export async function payBatch(
  user: User,
  userIds: string[],
): Promise<ApiAnswer<"POST", "/api/payout_batches/record">> {
  const batch = await callApi(user, "POST", "/api/payout_batches", { user_ids: userIds });
  return callApi(user, "POST", "/api/payout_batches/record", { id: batch.id });
}

/** Every advertiser's programme settings in force, and their latest versions (staff). */
export function fetchProgrammeSettings(user: User): Promise<ApiAnswer<"GET", "/api/programme_settings">> {
  return callApi(user, "GET", "/api/programme_settings");
}

/**
 * Saves an advertiser's settings on top of the version the admin loaded (admin). `settings` is what the
 * settings form checked with the same schema before calling (programmeSettingsSchema); the server checks it
 * again and answers any problem as a 400.
 */
export function saveProgrammeSettings(
  user: User,
  advertiser: AdvertiserId,
  version: number,
  settings: Record<string, unknown>,
  /** Whom lowered rates reach (promised terms): given when the settings lower one. */
  loweredRates?: LoweredRatesScope,
): Promise<ApiAnswer<"POST", "/api/programme_settings">> {
  const body = { advertiser, version, settings, lowered_rates: loweredRates } as ApiInput<
    "POST",
    "/api/programme_settings"
  >;
  return callApi(user, "POST", "/api/programme_settings", body);
}

/** Issues the payouts of affiliates whose balance is due though they have not asked (each once). */
export function issuePayouts(user: User, userIds: string[]): Promise<ApiAnswer<"POST", "/api/issue_payouts">> {
  return callApi(user, "POST", "/api/issue_payouts", { user_ids: userIds });
}

/** The open risk cases (issue 33), the most money at stake first, and the one `caseId` names if it is open. */
export function fetchRiskCases(user: User, caseId: string | null): Promise<ApiAnswer<"GET", "/api/risk_cases">> {
  return callApi(user, "GET", "/api/risk_cases", caseId ? { case_id: caseId } : {});
}

/** One risk case: its events with their evidence, and the affiliate's key figures. */
export function fetchRiskCase(user: User, caseId: string): Promise<ApiAnswer<"GET", "/api/risk_case">> {
  return callApi(user, "GET", "/api/risk_case", { case_id: caseId });
}

export type RiskOutcome = "release" | "confirm";

/** Releases the case's held commission, or confirms fraud and cancels it (exactly once, on the server). */
export function resolveRiskCase(
  user: User,
  caseId: string,
  outcome: RiskOutcome,
  note: string,
): Promise<ApiAnswer<"POST", "/api/resolve_risk_case">> {
  return callApi(user, "POST", "/api/resolve_risk_case", { case_id: caseId, outcome, note });
}

/** Who a candidate risk rule would have caught over the last 90 days, and what it would have held (writes nothing). */
export function simulateRiskRule(
  user: User,
  family: RiskFamily,
  action: RiskAction,
  threshold: number | undefined,
): Promise<ApiAnswer<"POST", "/api/simulate_risk_rule">> {
  return callApi(user, "POST", "/api/simulate_risk_rule", {
    family,
    action,
    ...(threshold === undefined ? {} : { threshold }),
  });
}

/** Credits (or, negative, takes back) an amount by hand with the reason; the key makes a double submit one. */
export function adjustBalance(
  user: User,
  body: ApiInput<"POST", "/api/adjust">,
): Promise<ApiAnswer<"POST", "/api/adjust">> {
  return callApi(user, "POST", "/api/adjust", body);
}

/** Sets the affiliate's deal from now (`deal` null: ends the one in force), with the reason (kept in the audit). */
export function setDeal(
  user: User,
  body: ApiInput<"POST", "/api/set_deal">,
): Promise<ApiAnswer<"POST", "/api/set_deal">> {
  return callApi(user, "POST", "/api/set_deal", body);
}

/** One page of an affiliate's history (moves, deal changes, adjustments), newest first. */
export function fetchAffiliateHistory(
  user: User,
  uid: string,
  after: string | null,
): Promise<ApiAnswer<"GET", "/api/affiliate_history">> {
  return callApi(user, "GET", "/api/affiliate_history", { user_id: uid, ...(after ? { after } : {}) });
}

/** Every group's tiers and bonuses (issue 34; groups with none are left out). */
export async function fetchRewardRules(user: User): Promise<RewardRulesView[]> {
  return (await callApi(user, "GET", "/api/reward_rules")).rules;
}

/** A group's tiers and bonuses as GET /api/reward_rules lists them. */
export type RewardRulesView = ApiAnswer<"GET", "/api/reward_rules">["rules"][number];

/** Saves a group's tiers and bonuses as the next version of the one loaded (admin). */
export function saveRewardRules(
  user: User,
  rules: ApiInput<"POST", "/api/reward_rules">,
): Promise<ApiAnswer<"POST", "/api/reward_rules">> {
  return callApi(user, "POST", "/api/reward_rules", rules);
}
