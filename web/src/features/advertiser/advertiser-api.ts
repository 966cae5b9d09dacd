/** The advertiser page's calls (SPEC.md §7 and docs/api.md), through the app's API client. */
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import type { ListFilters } from "@domain/affiliate-list";
import type { AdvertiserId } from "@domain/advertisers";
import type { FunnelRow } from "@domain/conversion-report";
import type { IntegrationView, ReceivedPostbackView } from "@domain/inbound-postback";
import type { BatchItem } from "@domain/payout-batch";
import type { OverdueRefunds } from "@domain/overdue-refunds";
import type { PayoutHistoryPage } from "@domain/payout-history";
import type { ApiSettingChange, SettingsInput } from "@domain/programme-settings";
import { callApi, callApiForPdf, saveFile } from "../../lib/api";

export async function checkAdvertiser(user: User): Promise<boolean> {
  const answer = await callApi<{ is_advertiser: boolean }>(user, "GET", "/api/check_advertiser");
  return answer.is_advertiser === true;
}

/** The advertiser list's filters and order, as GET /api/affiliates takes them. */
export type { ListFilters };

export interface AffiliatePage {
  affiliates: SummaryRow[];
  next: string | null;
  /** How many affiliates match the filters; null where the server could not count them (ready). */
  matching: number | null;
  /** The programme's counts, with the first page only. */
  totals?: { affiliates: number; pending_payouts: number };
}

/** One page of the advertiser list, filtered, searched and ordered on the server (issue 20). */
export function fetchAffiliatePage(
  user: User,
  filters: ListFilters,
  after: string | null,
  limit: number,
): Promise<AffiliatePage> {
  const query = new URLSearchParams({ limit: String(limit), order: filters.order });
  if (filters.search.trim() !== "") query.set("q", filters.search.trim());
  if (filters.pending) query.set("pending", "true");
  if (filters.highRisk) query.set("high_risk", "true");
  if (filters.ready) query.set("ready", "true");
  if (after !== null) query.set("after", after);
  return callApi<AffiliatePage>(user, "GET", `/api/affiliates?${query}`);
}

export interface RecordedPayout {
  status: "recorded";
  invoice_number: string;
  payout_amount: number;
  paid_at: string;
  row: SummaryRow;
}

/** Records the row's pending payout, for the pending amount (the server refuses any other). */
export function recordPayout(user: User, row: SummaryRow): Promise<RecordedPayout> {
  return callApi<RecordedPayout>(user, "POST", "/api/record_payout", {
    user_id: row.user_id,
    payout_amount: row.pending_payout ?? row.required_payout,
  });
}

/** Downloads the row's latest invoice PDF (SPEC.md §7: the latest invoice object is the request body). */
export async function exportInvoice(user: User, row: SummaryRow): Promise<void> {
  if (!row.latest_invoice) throw new Error("This affiliate has no invoice yet.");
  saveFile(await callApiForPdf(user, "/api/download_invoice", row.latest_invoice));
}

export function fetchPayoutHistory(user: User, after: string | null): Promise<PayoutHistoryPage> {
  const query = after ? `?after=${encodeURIComponent(after)}` : "";
  return callApi(user, "GET", `/api/payout_history${query}`);
}

/** The refunds that have waited too long for their sale, the longest waiting first. */
export function fetchOverdueRefunds(user: User): Promise<OverdueRefunds> {
  return callApi(user, "GET", "/api/overdue_refunds");
}

export interface SuspensionResult {
  user_id: string;
  fraud_user: boolean;
  changed: boolean;
  row: SummaryRow;
}

/** Suspends the affiliate (they are e-mailed the reason) or reinstates them. */
export function setSuspension(
  user: User,
  row: SummaryRow,
  suspended: boolean,
  reason: string,
): Promise<SuspensionResult> {
  return callApi<SuspensionResult>(user, "POST", "/api/set_suspension", {
    user_id: row.user_id,
    suspended,
    ...(suspended ? { reason } : {}),
  });
}

export interface ProgrammeReport {
  advertiser: AdvertiserId;
  affiliates: number;
  totals: Omit<FunnelRow, "key">;
  landings: FunnelRow[];
  top_trackers: (FunnelRow & { uid: string; email: string; name: string; tracker: string })[];
  min_tracker_clicks: number;
}

/** The programme's funnels for one advertiser: by landing page, and its best converting links. */
export function fetchConversionReport(user: User, advertiser: AdvertiserId): Promise<ProgrammeReport> {
  return callApi(user, "GET", `/api/conversion_report?advertiser=${advertiser}`);
}

/** The advertiser's postback integration: URL, tokens, test click and the postbacks received. */
export function fetchIntegration(user: User, advertiser: AdvertiserId): Promise<IntegrationView> {
  return callApi(user, "GET", `/api/integration?advertiser=${advertiser}`);
}

export function rotateToken(user: User, advertiser: AdvertiserId): Promise<IntegrationView> {
  return callApi(user, "POST", "/api/integration/rotate_token", { advertiser });
}

export function revokeToken(user: User, advertiser: AdvertiserId, token: string): Promise<IntegrationView> {
  return callApi(user, "POST", "/api/integration/revoke_token", { advertiser, token });
}

export interface TestConversion {
  click_id: string;
  outcome: { status: string; detail?: string };
  entry?: ReceivedPostbackView;
}

export function sendTestConversion(
  user: User,
  advertiser: AdvertiserId,
  event: "sign_up" | "sale",
  amount: string,
): Promise<TestConversion> {
  return callApi(user, "POST", "/api/integration/test_conversion", {
    advertiser,
    event,
    ...(event === "sale" ? { amount } : {}),
  });
}

export interface PayoutBatch {
  id: string;
  created_at: string;
  completed_at: string | null;
  items: BatchItem[];
}

/** Freezes the chosen affiliates' pending payouts into a batch, then records each as paid (once). */
export async function payBatch(user: User, userIds: string[]): Promise<PayoutBatch> {
  const batch = await callApi<PayoutBatch>(user, "POST", "/api/payout_batches", { user_ids: userIds });
  return callApi<PayoutBatch>(user, "POST", "/api/payout_batches/record", { id: batch.id });
}

export interface SettingsVersionView {
  version: number;
  effective_from: string;
  changed_by: { uid: string; email: string } | null;
  changes: ApiSettingChange[];
  settings: SettingsInput;
}

export interface AdvertiserSettingsView {
  advertiser: AdvertiserId;
  version: number;
  /** The settings in force, as the API gives them (the minimum payout in dollars). */
  settings: SettingsInput;
  history: SettingsVersionView[];
}

/** Every advertiser's programme settings in force, and their latest versions (staff). */
export function fetchProgrammeSettings(user: User): Promise<{ advertisers: AdvertiserSettingsView[] }> {
  return callApi(user, "GET", "/api/programme_settings");
}

/** Saves an advertiser's settings on top of the version the admin loaded (admin). */
export function saveProgrammeSettings(
  user: User,
  advertiser: AdvertiserId,
  version: number,
  settings: Record<string, unknown>,
): Promise<{ version: number; changed: boolean; message: string }> {
  return callApi(user, "POST", "/api/programme_settings", { advertiser, version, settings });
}

export interface IssuedPayout {
  user_id: string;
  status: "issued" | "skipped";
  invoice_number: string | null;
  amount: number | null;
  reason: string | null;
}

/** Issues the payouts of affiliates whose balance is due though they have not asked (each once). */
export function issuePayouts(user: User, userIds: string[]): Promise<{ items: IssuedPayout[] }> {
  return callApi(user, "POST", "/api/issue_payouts", { user_ids: userIds });
}
