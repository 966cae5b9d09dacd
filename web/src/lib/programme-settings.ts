/**
 * The programme settings in force, live from the public advertiser documents (issue 19): the dashboard and
 * the advertiser page judge payouts by the same rules the functions do, and show the link domain affiliates'
 * links point to. One listener for the collection (reactfire shares it between every caller).
 */
import { useMemo } from "react";
import { useFirestore, useFirestoreCollectionData, useFirestoreDocData } from "reactfire";
import type { RateChange } from "@domain/promised-terms";
import { advertiserIds, defaultAdvertiserId, type AdvertiserId } from "@domain/advertisers";
import type { PayoutRules } from "@domain/payout-eligibility";
import { payoutRulesOf, storedSettings, type ProgrammeSettings } from "@domain/programme-settings";
import type { AdvertiserDoc } from "@domain/model";
import { refs } from "./firestore-refs";

/** Each advertiser's settings in force (SPEC.md's until an admin changes them, and while they load). */
/** The public advertiser documents by id (one listener, shared by reactfire between every caller). */
function useAdvertiserDocs(): Map<string | undefined, AdvertiserDoc> {
  const db = useFirestore();
  const advertisersRef = useMemo(() => refs.advertisers(db), [db]);
  const { data } = useFirestoreCollectionData(advertisersRef, { idField: "id" });
  return useMemo(() => new Map((data ?? []).map((doc) => [(doc as { id?: string }).id, doc])), [data]);
}

export function useProgrammeSettings(): Record<AdvertiserId, ProgrammeSettings> {
  const stored = useAdvertiserDocs();
  return useMemo(
    () =>
      Object.fromEntries(advertiserIds.map((id) => [id, storedSettings(id, stored.get(id))])) as Record<
        AdvertiserId,
        ProgrammeSettings
      >,
    [stored],
  );
}

/**
 * When each advertiser's programme last lowered a rate with a promise to the affiliates who had joined
 * (domain/promised-terms.ts); null: never. From the same listener as the settings.
 */
export function useRatesLoweredAt(advertiser: AdvertiserId): Date | null {
  return useAdvertiserDocs().get(advertiser)?.rates_lowered_at ?? null;
}

/** The advertiser's rate changes, oldest first (undefined while they load). */
export function useRateHistory(advertiser: AdvertiserId): RateChange[] | undefined {
  const db = useFirestore();
  const ref = useMemo(() => refs.rateHistory(db, advertiser), [db, advertiser]);
  const { status, data } = useFirestoreDocData(ref);
  return status === "success" ? (data?.changes ?? []) : undefined;
}

/** Where each advertiser's tracking links point (the link domain in its settings in force). */
export function useLinkDomains(): Record<AdvertiserId, string> {
  const settings = useProgrammeSettings();
  return useMemo(
    () =>
      Object.fromEntries(advertiserIds.map((id) => [id, settings[id].link_domain.replace(/\/+$/, "")])) as Record<
        AdvertiserId,
        string
      >,
    [settings],
  );
}

/** The payout rules: the whole programme's, set with the default advertiser's settings. */
export function usePayoutRules(): PayoutRules {
  const settings = useProgrammeSettings()[defaultAdvertiserId];
  return useMemo(() => payoutRulesOf(settings), [settings]);
}
