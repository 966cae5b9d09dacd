/** Looking up an affiliate that must exist: the one not-found refusal every service gives. */
import type { Transaction } from "firebase-admin/firestore";
import type { AffiliateDoc } from "../domain/model.js";
import { ApiError } from "../errors.js";
import { refs } from "./firestore.js";

/** The affiliate `uid`, read in `tx` when given; a 404 ApiError when there is none. */
export async function getAffiliateOrThrow(uid: string, tx?: Transaction): Promise<AffiliateDoc> {
  const ref = refs.affiliate(uid);
  const affiliate = (await (tx ? tx.get(ref) : ref.get())).data();
  if (!affiliate) throw new ApiError("not_found", `No affiliate has the user id ${uid}.`);
  return affiliate;
}
