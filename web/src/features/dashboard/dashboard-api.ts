/** The dashboard's calls (SPEC.md §7), through the app's API client; components call these, never a path. */
import type { User } from "firebase/auth";
import type { AdvertiserId } from "@domain/advertisers";
import type { OutboundPostback } from "@domain/outbound-postbacks";
import type { PayoutDetailsRequest } from "@domain/payout-details-request";
import type { PostbackTest } from "@contract/postbacks";
import { callApi, callApiForPdf, type ApiAnswer, type ApiInput, type DownloadedFile } from "../../lib/api";

export { createAccount } from "../../lib/account-api";

/** The caller's recruit link and what each recruit earned them (issue 34). */
export function fetchRecruits(user: User) {
  return callApi(user, "GET", "/api/recruits");
}

/** The details form as the API takes it: every field a string. */
export type DetailsForm = Required<{ [K in keyof PayoutDetailsRequest]: string }>;

// The form holds its payout method and account type as strings; its selects offer payoutTypes and
// accountTypes alone (and the server refuses anything else), so it is the request the contract declares.

export async function updateDetails(user: User, form: DetailsForm): Promise<void> {
  await callApi(user, "POST", "/api/update_paypal_account", form as PayoutDetailsRequest);
}

/** A requested payout's invoice: the PDF the request answered, and its number (the file's name). */
export interface RequestedInvoice {
  file: DownloadedFile;
  invoiceNumber: string;
}

/**
 * Requests a payout of `price` (the balance as formatted text) to `details` (the saved payout details); the
 * answer is the invoice PDF, named by its number.
 */
export async function requestPayout(user: User, details: DetailsForm, price: string): Promise<RequestedInvoice> {
  const file = await callApiForPdf(user, "/api/request_payout", { ...(details as PayoutDetailsRequest), price });
  return { file, invoiceNumber: file.fileName.replace(/\.pdf$/i, "") };
}

export function downloadInvoice(user: User, invoiceNumber: string): Promise<DownloadedFile> {
  return callApiForPdf(user, "/api/download_invoice", { invoice_number: invoiceNumber });
}

/** Whose links, for which advertiser: the fields add_custom_link and delete_custom_link both take. */
export interface LinkOwner {
  uid: string;
  currentAdvertiser: AdvertiserId;
}

export async function addCustomLink(user: User, owner: LinkOwner, suffix: string): Promise<void> {
  await callApi(user, "POST", "/api/add_custom_link", { ...owner, suffix });
}

export async function deleteCustomLink(user: User, owner: LinkOwner, link: string): Promise<void> {
  await callApi(user, "POST", "/api/delete_custom_link", { ...owner, link });
}

/** A postback as the dashboard's form edits it: what save_postback takes. */
export type PostbackDraft = ApiInput<"POST", "/api/save_postback">;

/** Adds a postback, or replaces the one with its id; answers all of the affiliate's postbacks. */
export async function savePostback(user: User, draft: PostbackDraft): Promise<OutboundPostback[]> {
  return (await callApi(user, "POST", "/api/save_postback", draft)).postbacks;
}

export async function deletePostback(user: User, id: string): Promise<OutboundPostback[]> {
  return (await callApi(user, "POST", "/api/delete_postback", { id })).postbacks;
}

export type { PostbackTest };

/** Calls the postback now with made-up values. */
export function testPostback(user: User, id: string): Promise<PostbackTest> {
  return callApi(user, "POST", "/api/test_postback", { id });
}

/** The caller's group's tiers (with what is left to reach each) and bonuses (with their progress): issue 34. */
export function fetchMyRewards(user: User): Promise<MyRewards> {
  return callApi(user, "GET", "/api/my_rewards");
}

export type MyRewards = ApiAnswer<"GET", "/api/my_rewards">;
