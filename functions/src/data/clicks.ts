/**
 * Looking a click up by the click id an advertiser reports a conversion with (issue 18's postbacks): one
 * document read, none for a string that cannot be a click id.
 */
import { clickForConversion, isClickId, type ClickForConversion } from "../domain/clicks.js";
import { refs } from "./firestore.js";

/** The click `clickId` names and whether a conversion made at `at` can be credited to it. */
export async function findClickForConversion(clickId: unknown, at: Date): Promise<ClickForConversion> {
  if (!isClickId(clickId)) return { status: "unknown" };
  return clickForConversion((await refs.clicks().doc(clickId).get()).data(), at);
}
