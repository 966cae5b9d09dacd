/** GET /api/payout_history's answer (functions/src/advertiser/payout-history.ts), as the web app reads it. */
import type { PayoutDoc, Recorder } from "./model.js";

export interface PayoutRecord {
  invoice_number: string;
  user_id: string;
  /** The payee and company on the payout's invoice. */
  name: string;
  company: string;
  /** Dollars. */
  amount: number;
  method: PayoutDoc["method"];
  requested_at: string;
  paid_at: string;
  /** The staff member who recorded it. */
  recorded_by: Recorder | null;
}

export interface PayoutHistoryPage {
  payouts: PayoutRecord[];
  /** The cursor for the next page, or null when this is the last. */
  next: string | null;
}
