/**
 * The programme settings in force, live from the public advertiser documents (issue 19): the dashboard and
 * the advertiser page judge payouts by the same rules the functions do, and show the link domain affiliates'
 * links point to. One listener for the collection (reactfire shares it between every caller).
 */
import { useMemo } from "react";
import { useFirestore, useFirestoreCollectionData } from "reactfire";
import { advertiserIds, defaultAdvertiserId, type AdvertiserId } from "@domain/advertisers";
import type { PayoutRules } from "@domain/payout-eligibility";
import { payoutRulesOf, storedSettings, type ProgrammeSettings } from "@domain/programme-settings";
import { refs } from "./firestore-refs";

/** Each advertiser's settings in force (SPEC.md's until an admin changes them, and while they load). */
export function useProgrammeSettings(): Record<AdvertiserId, ProgrammeSettings> {
  const db = useFirestore();
  const advertisersRef = useMemo(() => refs.advertisers(db), [db]);
  const { data } = useFirestoreCollectionData(advertisersRef, { idField: "id" });
  return useMemo(() => {
    const stored = new Map((data ?? []).map((doc) => [(doc as { id?: string }).id, doc]));
    return Object.fromEntries(advertiserIds.map((id) => [id, storedSettings(id, stored.get(id))])) as Record<
      AdvertiserId,
      ProgrammeSettings
    >;
  }, [data]);
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
