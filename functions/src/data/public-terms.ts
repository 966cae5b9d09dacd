/**
 * The terms the public pages state (issue 34), as in force now: one read of the advertisers' documents,
 * which hold each one's programme settings in force (data/programme-settings.ts saves them there).
 */
import { defaultAdvertiserId } from "../domain/advertisers.js";
import { storedSettings } from "../domain/programme-settings.js";
import { publicTermsOf, type PublicTerms } from "../domain/public-terms.js";
import { refs } from "./firestore.js";

export async function publicTermsInForce(): Promise<PublicTerms> {
  const snapshot = await refs.advertisers().get();
  const stored = new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
  return publicTermsOf((id) => storedSettings(id, stored.get(id)), defaultAdvertiserId);
}
