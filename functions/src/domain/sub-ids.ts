/**
 * The affiliate's sub-ids (issue 18): up to five labels of their own a tracking link carries in its query
 * (?sub1=…&sub5=…: campaign, placement, their tracker's click id ...), kept with the click for their reports
 * and postbacks.
 */
import { isPlainText } from "./plain-text.js";

export const subIdNames = ["sub1", "sub2", "sub3", "sub4", "sub5"] as const;
export type SubIdName = (typeof subIdNames)[number];
/** Each sub-id as sent, or null when the link had none (or one that was dropped). */
export type SubIds = Record<SubIdName, string | null>;

/** A sub-id longer than this (UTF-16 units) is dropped. */
export const subIdMaxLength = 100;

/**
 * The sub-ids of a tracking link's query (Express's parsed query: a value may be a string, an array or an
 * object). Each one that is a single string of plain text, not empty and at most `subIdMaxLength` long is
 * kept; any other is dropped (null), never refused: a visitor always reaches the advertiser.
 */
export function parseSubIds(query: Record<string, unknown>): SubIds {
  const valid = (value: unknown) =>
    typeof value === "string" && value !== "" && value.length <= subIdMaxLength && isPlainText(value) ? value : null;
  return Object.fromEntries(subIdNames.map((name) => [name, valid(query[name])])) as SubIds;
}
