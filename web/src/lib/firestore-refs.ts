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
  reviveDates,
  withAffiliateDefaults,
  type AdvertiserDoc,
  type AffiliateDoc,
  type ClickShardDoc,
  type DayDoc,
  type PayoutDoc,
  type TransactionDoc,
} from "@domain/model";

function converter<T extends object>(read: (data: DocumentData) => T = (data) => data as T): FirestoreDataConverter<T> {
  return {
    toFirestore: () => {
      // The rules refuse every client write; make the mistake visible before it reaches them.
      throw new Error("The web app never writes Firestore; writes go through the API.");
    },
    fromFirestore: (snapshot: QueryDocumentSnapshot) => read(reviveDates<DocumentData>(snapshot.data())),
  };
}

const affiliateConverter = converter<AffiliateDoc>((data) =>
  withAffiliateDefaults(data as Partial<AffiliateDoc> & { uid: string }),
);

export const refs = {
  affiliate: (db: Firestore, uid: string) => doc(db, collections.affiliates, uid).withConverter(affiliateConverter),
  transactions: (db: Firestore, uid: string) =>
    collection(db, collections.affiliates, uid, collections.transactions).withConverter(converter<TransactionDoc>()),
  days: (db: Firestore, uid: string) =>
    collection(db, collections.affiliates, uid, collections.days).withConverter(converter<DayDoc>()),
  clickShards: (db: Firestore, uid: string) =>
    collection(db, collections.affiliates, uid, collections.clickShards).withConverter(converter<ClickShardDoc>()),
  payouts: (db: Firestore) => collection(db, collections.payouts).withConverter(converter<PayoutDoc>()),
  advertisers: (db: Firestore) => collection(db, collections.advertisers).withConverter(converter<AdvertiserDoc>()),
};
