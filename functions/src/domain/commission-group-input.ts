/**
 * Commission groups' and deals' terms as the API takes and gives them (issue 34): validated with the
 * programme settings' own field rules, the minimum payout in dollars. Apart from commission-groups.ts so the
 * documents' types (model.ts) do not import the settings' validation.
 */
import { z } from "zod";
import { advertiserIds } from "./advertisers.js";
import type { Deal, DealTerms, GroupTerms } from "./commission-groups.js";
import { fieldSchemas, minimumPayoutDollars } from "./programme-settings.js";

const groupRates = z.strictObject({
  commission_rate: fieldSchemas.commission_rate,
  repeat_rates: fieldSchemas.repeat_rates,
});

const advertiserKey = z.enum(advertiserIds, { error: `must be one of ${advertiserIds.join(", ")}.` });

/** A group's terms as the API takes them: the minimum payout in dollars (null: the programme's). */
export const groupTermsSchema = z
  .strictObject({
    rates: z.partialRecord(advertiserKey, groupRates),
    hold_days: fieldSchemas.hold_days.nullable(),
    minimum_payout: minimumPayoutDollars.nullable(),
  })
  .transform(({ minimum_payout, ...rest }): GroupTerms => ({
    ...rest,
    minimum_payout_cents: minimum_payout === null ? null : Math.round(minimum_payout * 100),
  }));

/** A deal's overrides as the API takes them: any field may be left out (null), each rate too. */
export const dealTermsSchema = z
  .strictObject({
    rates: z.partialRecord(advertiserKey, groupRates.partial()),
    hold_days: fieldSchemas.hold_days.nullable(),
    minimum_payout: minimumPayoutDollars.nullable(),
  })
  .transform(({ minimum_payout, ...rest }): DealTerms => ({
    ...rest,
    minimum_payout_cents: minimum_payout === null ? null : Math.round(minimum_payout * 100),
  }));

/** Terms as the API gives them: the stored form, with the minimum payout in dollars. */
export function termsForApi<T extends { minimum_payout_cents: number | null }>({
  minimum_payout_cents,
  ...rest
}: T): Omit<T, "minimum_payout_cents"> & { minimum_payout: number | null } {
  return { ...rest, minimum_payout: minimum_payout_cents === null ? null : minimum_payout_cents / 100 };
}

/** A deal as the API gives it: its overrides (minimum payout in dollars), from when, until when (ISO 8601). */
export interface DealForApi {
  terms: ReturnType<typeof termsForApi<DealTerms>>;
  starts_at: string;
  ends_at: string | null;
}

export const dealForApi = ({ starts_at, ends_at, ...terms }: Deal): DealForApi => ({
  terms: termsForApi(terms),
  starts_at: starts_at.toISOString(),
  ends_at: ends_at?.toISOString() ?? null,
});
