/**
 * An affiliate's postbacks (issue 18): saved and deleted through the API, checked here (domain rules, and
 * the link must be theirs), in a transaction so two saves at once cannot exceed the limit or lose one.
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import {
  allLinks,
  maxPostbacks,
  postbackUrlProblem,
  type OutboundPostback,
  type postbackInput,
  type UrlRules,
} from "../domain/outbound-postbacks.js";
import { limits } from "../config.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { db, refs } from "../data/firestore.js";
import { ApiError } from "../errors.js";

export type PostbackInput = z.output<typeof postbackInput>;

/** Eight lowercase letters and digits: an id the affiliate's page and API name a postback by. */
function newId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

async function changePostbacks(
  uid: string,
  change: (current: OutboundPostback[], links: Record<string, string[]>) => OutboundPostback[],
): Promise<OutboundPostback[]> {
  return db().runTransaction(
    async (tx) => {
      const affiliate = await getAffiliateOrThrow(uid, tx);
      const next = change(affiliate.postbacks ?? [], affiliate.links);
      tx.update(refs.affiliate(uid).withConverter(null), { postbacks: next });
      return next;
    },
    { maxAttempts: limits.transactionAttempts },
  );
}

/** Adds a postback, or replaces the one with its id; refuses an unsafe URL or a link that is not theirs. */
export async function savePostback(uid: string, input: PostbackInput, rules: UrlRules): Promise<OutboundPostback[]> {
  const problem = postbackUrlProblem(input.url, rules);
  if (problem) throw new ApiError("bad_request", `url: ${problem}`);
  return changePostbacks(uid, (current, links) => {
    if (
      input.tracker !== allLinks &&
      input.tracker !== "default" &&
      !(links[input.advertiser] ?? []).includes(input.tracker)
    ) {
      throw new ApiError("bad_request", `tracker: ${input.tracker} is not one of your links.`);
    }
    const saved: OutboundPostback = {
      id: input.id ?? newId(),
      advertiser: input.advertiser,
      tracker: input.tracker,
      url: input.url,
      events: input.events,
    };
    const others = current.filter((postback) => postback.id !== saved.id);
    if (input.id && others.length === current.length) throw new ApiError("not_found", "You have no such postback.");
    const clash = others.find(
      (postback) => postback.advertiser === saved.advertiser && postback.tracker === saved.tracker,
    );
    if (clash) {
      throw new ApiError("conflict", "You already have a postback for that link: edit it instead.");
    }
    if (others.length >= maxPostbacks) {
      throw new ApiError("conflict", `You can have at most ${maxPostbacks} postbacks: delete one first.`);
    }
    return [...others, saved];
  });
}

export async function deletePostback(uid: string, id: string): Promise<OutboundPostback[]> {
  return changePostbacks(uid, (current) => {
    if (!current.some((postback) => postback.id === id)) throw new ApiError("not_found", "You have no such postback.");
    return current.filter((postback) => postback.id !== id);
  });
}
