/** GET /api/payout_history's answer (functions/src/advertiser/payout-history.ts), as the web app reads it. */
import type { PayoutDoc } from "./model.js";

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
  recorded_by: { uid: string; email: string } | null;
}

export interface PayoutHistoryPage {
  payouts: PayoutRecord[];
  /** The cursor for the next page, or null when this is the last. */
  next: string | null;
}
