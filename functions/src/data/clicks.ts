/**
 * Looking a click up by the click id an advertiser reports a conversion with (issue 18's postbacks): one
 * document read, none for a string that cannot be a click id. And the converted clicks the simulation of
 * conversions faster than a person replays (issue 33).
 */
import { clickForConversion, isClickId, type ClickForConversion } from "../domain/clicks.js";
import { reviveDates, type ClickDoc } from "../domain/model.js";
import { refs } from "./firestore.js";

/** The click `clickId` names and whether a conversion made at `at` can be credited to it. */
export async function findClickForConversion(clickId: unknown, at: Date): Promise<ClickForConversion> {
  if (!isClickId(clickId)) return { status: "unknown" };
  return clickForConversion((await refs.clicks().doc(clickId).get()).data(), at);
}

/** A converted click as the simulation replays it (domain/fast-conversion.ts's firstConversionOf). */
export interface ConvertedClick {
  id: string;
  click: Pick<ClickDoc, "uid" | "clicked_at" | "converted_at" | "first_conversion">;
}

/**
 * The clicks first converted since `from`, the newest first, at most `limit` read (so a bound reached leaves
 * out the oldest), each with only what timing its conversion needs (the single-field index on converted_at).
 */
export async function convertedClicksSince(
  from: Date,
  limit: number,
): Promise<{ clicks: ConvertedClick[]; reached: boolean }> {
  const found = await refs
    .clicks()
    .where("converted_at", ">=", from)
    .orderBy("converted_at", "desc")
    .select("uid", "clicked_at", "converted_at", "first_conversion")
    .limit(limit)
    .get();
  const clicks = found.docs.map((doc) => ({ id: doc.id, click: reviveDates<ConvertedClick["click"]>(doc.data()) }));
  return { clicks, reached: found.size >= limit };
}
