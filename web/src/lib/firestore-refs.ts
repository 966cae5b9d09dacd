/**
 * Typed reads for the web app (Firebase JS SDK). The same document types as the functions, with Timestamps
 * turned into Dates and missing fields defaulted; components use the feature hooks built on these and
 * never spell a collection path.
 */
import {
  collection,
  doc,
  type DocumentData,
  type Firestore,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from "firebase/firestore";
import {
  collections,
  reviveAffiliate,
  reviveDates,
  type AdvertiserDoc,
  type AffiliateDoc,
  type ClickShardDoc,
  type DayDoc,
  type PayoutDoc,
  type RateHistoryDoc,
  type TransactionDoc,
} from "@domain/model";
import type { DeliveryDoc } from "@domain/outbound-postbacks";

/** Reads only: the rules refuse every client write, so a write here is a mistake made visible at once. */
function converter<T extends object>(revive: (data: DocumentData) => T = reviveDates): FirestoreDataConverter<T> {
  return {
    toFirestore: () => {
      throw new Error("The web app never writes Firestore; writes go through the API.");
    },
    fromFirestore: (snapshot: QueryDocumentSnapshot) => revive(snapshot.data()),
  };
}

const affiliateConverter = converter<AffiliateDoc>(reviveAffiliate);

export const refs = {
  affiliate: (db: Firestore, uid: string) => doc(db, collections.affiliates, uid).withConverter(affiliateConverter),
  /** Every affiliate: only staff and the admin may query it (firestore.rules). */
  affiliates: (db: Firestore) => collection(db, collections.affiliates).withConverter(affiliateConverter),
  transactions: (db: Firestore, uid: string) =>
    collection(db, collections.affiliates, uid, collections.transactions).withConverter(converter<TransactionDoc>()),
  days: (db: Firestore, uid: string) =>
    collection(db, collections.affiliates, uid, collections.days).withConverter(converter<DayDoc>()),
  clickShards: (db: Firestore, uid: string) =>
    collection(db, collections.affiliates, uid, collections.clickShards).withConverter(converter<ClickShardDoc>()),
  postbackDeliveries: (db: Firestore, uid: string) =>
    collection(db, collections.affiliates, uid, collections.postbackDeliveries).withConverter(converter<DeliveryDoc>()),
  payouts: (db: Firestore) => collection(db, collections.payouts).withConverter(converter<PayoutDoc>()),
  advertisers: (db: Firestore) => collection(db, collections.advertisers).withConverter(converter<AdvertiserDoc>()),
  /** The programme's rate changes (promised terms): signed-in users only (firestore.rules). */
  rateHistory: (db: Firestore, advertiser: string) =>
    doc(db, collections.advertisers, advertiser, collections.rateHistory, "changes").withConverter(
      converter<RateHistoryDoc>(),
    ),
};
