/**
 * The dashboard's live reads (reactfire over typed refs; no component spells a collection path). A load
 * costs the affiliate document, its click shards holding clicks not yet rolled up, the three advertiser
 * documents and the newest page of the affiliate's payouts; the ledger is read a page at a time, only when
 * the history is open.
 */
import { useMemo, useState } from "react";
import { useFirestore, useFirestoreCollectionData, useFirestoreDoc } from "reactfire";
import { limit, orderBy, query, where, type Query } from "firebase/firestore";
import type { AdvertiserId } from "@domain/advertisers";
import { withPendingClicks } from "@domain/ledger";
import type { AffiliateDoc, PayoutDoc, TransactionDoc } from "@domain/model";
import type { DeliveryDoc } from "@domain/outbound-postbacks";
import { rememberAdvertiser, storedAdvertiser } from "../../lib/current-advertiser";
import { refs } from "../../lib/firestore-refs";

export type Loaded<T> = { status: "loading" } | { status: "error"; error: Error } | { status: "success"; data: T };

/**
 * The affiliate as shown: stored figures plus clicks still in shards. `undefined` data: no account yet.
 * `live` is false while the affiliate's document comes from Firestore's cache on this device (a repeat
 * visit's first answer), true once the server has answered for it (reactfire reads a document with its
 * metadata changes, a collection without, so the shards cannot say); an account is only said to be missing
 * by the server.
 */
export function useAffiliate(uid: string): Loaded<AffiliateDoc | undefined> & { live?: boolean } {
  const db = useFirestore();
  const affiliateRef = useMemo(() => refs.affiliate(db, uid), [db, uid]);
  const shardsRef = useMemo(() => refs.clickShards(db, uid), [db, uid]);
  const affiliate = useFirestoreDoc(affiliateRef);
  const shards = useFirestoreCollectionData(shardsRef);
  return useMemo((): Loaded<AffiliateDoc | undefined> & { live?: boolean } => {
    if (affiliate.status === "error") return { status: "error", error: affiliate.error ?? new Error("Read failed") };
    if (shards.status === "error") return { status: "error", error: shards.error ?? new Error("Read failed") };
    if (affiliate.status === "loading" || shards.status === "loading") return { status: "loading" };
    const live = !affiliate.data.metadata.fromCache;
    const stored = affiliate.data.data();
    if (!stored && !live) return { status: "loading" };
    const data = stored ? withPendingClicks(stored, shards.data ?? [], new Date()) : undefined;
    return { status: "success", data, live };
  }, [affiliate.status, affiliate.data, affiliate.error, shards.status, shards.data, shards.error]);
}

/** The newest `count` ledger entries, live; grow `count` to page further back. */
export function useTransactions(uid: string, count: number): Loaded<TransactionDoc[]> {
  const db = useFirestore();
  const newest = useMemo(
    () => query(refs.transactions(db, uid), orderBy("timestamp", "desc"), limit(count)),
    [db, uid, count],
  );
  return useList(newest);
}

/** The affiliate's newest postback calls (their delivery log), live. */
export function usePostbackDeliveries(uid: string, count = 100): Loaded<DeliveryDoc[]> {
  const db = useFirestore();
  const newest = useMemo(
    () => query(refs.postbackDeliveries(db, uid), orderBy("at", "desc"), limit(count)),
    [db, uid, count],
  );
  return useList(newest);
}

/**
 * The affiliate's newest `count` payouts, live, newest request first; grow `count` to page further back.
 * The rules let an affiliate list payouts only by asking for their own uid.
 */
export function usePayouts(uid: string, count: number): Loaded<PayoutDoc[]> {
  const db = useFirestore();
  const newest = useMemo(
    () => query(refs.payouts(db), where("uid", "==", uid), orderBy("requested_at", "desc"), limit(count)),
    [db, uid, count],
  );
  return useList(newest);
}

function useList<T>(list: Query<T>): Loaded<T[]> {
  const { status, data, error } = useFirestoreCollectionData(list);
  if (status === "error") return { status, error: error ?? new Error("Read failed") };
  if (status === "loading") return { status };
  return { status, data: data ?? [] };
}

/** The advertiser the dashboard shows trackers and links for: SPEC.md §3's currentAdvertiser, remembered. */
export function useCurrentAdvertiser(): [AdvertiserId, (advertiser: AdvertiserId) => void] {
  // The dashboard renders only in the browser (never prerendered), so local storage can be read at once.
  const [advertiser, setAdvertiser] = useState<AdvertiserId>(storedAdvertiser);
  const choose = (next: AdvertiserId) => {
    rememberAdvertiser(next);
    setAdvertiser(next);
  };
  return [advertiser, choose];
}
