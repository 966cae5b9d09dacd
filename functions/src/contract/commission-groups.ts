/** Commission groups and deals (issue 34): staff list groups and move affiliates; admins create and edit groups. */
import { z } from "zod";
import { maxAdjustmentCents } from "../domain/adjustments.js";
import { advertiserIds } from "../domain/advertisers.js";
import { dealTermsSchema, groupTermsSchema } from "../domain/commission-group-input.js";
import { defaultGroupId } from "../domain/commission-groups.js";
import { MoneyFormatError, formatDollars, parseDollars } from "../domain/money.js";
import {
  advertiserId,
  dollars,
  dollarsInput,
  groupNamed,
  isoTime,
  pageQuery,
  plainTextField,
  recorder,
  uidField,
} from "./fields.js";
import { staffOnly, type Routes } from "./route.js";

/** A group's own terms as the API gives and takes them: what it leaves out (null, an advertiser) is the programme's. */
export const groupTermsView = groupTermsSchema.in.meta({
  id: "GroupTerms",
  description:
    "Rates per advertiser (an advertiser left out earns the programme's), hold days and the minimum payout in dollars (null: the programme's).",
  example: {
    rates: { promptchan: { commission_rate: 0.7, repeat_rates: { "1": 0.5 } } },
    hold_days: 14,
    minimum_payout: null,
  },
});

const rates = z.strictObject({
  commission_rate: z.number(),
  repeat_rates: z.record(z.string(), z.number()),
  hold_days: z.number().int(),
});

export const groupView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    version: z.number().int().meta({ description: "0 for the default group: its terms are the programme settings'." }),
    updated_at: isoTime.nullable(),
    terms: groupTermsView,
    in_force: z
      .record(z.enum(advertiserIds), rates)
      .meta({ description: "What members' sales earn now, per advertiser: the group's terms over the programme's." }),
    members: z.number().int(),
  })
  .meta({ id: "CommissionGroup" });

export type GroupView = z.output<typeof groupView>;

const reason = plainTextField(500).refine((text) => text.trim() !== "", { error: "say why: it is kept in the audit." });

const groupId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "must be a group's id." })
  .meta({ description: `A group's id; "${defaultGroupId}" is the programme settings.` });

/** A deal as the API gives it: its overrides (null, or a field left out: the group's), from when, until when. */
export const dealView = z
  .strictObject({
    terms: dealTermsSchema.in.meta({ id: "DealTerms" }),
    starts_at: isoTime,
    ends_at: isoTime.nullable().meta({ description: "Sales from then earn the group's terms again; null: no end." }),
  })
  .meta({ id: "Deal" });

export type DealView = z.output<typeof dealView>;

/** A signed amount of dollars ("-12.50" takes back, "25" credits): cents, never 0, at most maxAdjustmentCents. */
const signedDollars = dollarsInput((value) => {
  const negative = typeof value === "number" ? value < 0 : value.startsWith("-");
  const magnitude = typeof value === "number" ? Math.abs(value) : negative ? value.slice(1) : value;
  const cents = parseDollars(magnitude, { max: maxAdjustmentCents });
  if (cents === 0) throw new MoneyFormatError("Amount must not be 0.");
  return negative ? -cents : cents;
}).meta({
  description: `Dollars, positive to credit or negative to take back (at most ${formatDollars(maxAdjustmentCents)} either way).`,
});

/** A manual adjustment as the API gives it: money in dollars, the time in ISO 8601. */
export const adjustmentView = z
  .strictObject({
    entry_id: z.string().meta({ description: "The affiliate's ledger entry (type adjustment)." }),
    advertiser: advertiserId,
    amount: dollars,
    reason: z.string(),
    by: recorder,
    at: isoTime,
  })
  .meta({ id: "Adjustment" });

/** An affiliate's history page holds at most this many entries (GET /api/affiliate_history). */
export const historyPageLimit = { default: 20, max: 50 } as const;

const historyCommon = { id: z.string(), at: isoTime, reason: z.string() };

/** One entry of an affiliate's history: a group move, a deal change or a manual adjustment, with who and why. */
export const historyEntryView = z
  .discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("move"),
      ...historyCommon,
      by: recorder,
      from: groupNamed,
      to: groupNamed,
      tier: z
        .strictObject({ group_id: z.string(), tier_id: z.string() })
        .nullable()
        .meta({ description: "The tier of the group left that moved them, its goal reached (null: staff did)." }),
    }),
    z.strictObject({
      kind: z.literal("deal"),
      ...historyCommon,
      by: recorder.nullable().meta({ description: "null: the custom_terms migration." }),
      deal: dealView.nullable().meta({ description: "The deal after the change (ended: with its end)." }),
      previous: dealView.nullable(),
    }),
    z.strictObject({
      kind: z.literal("adjustment"),
      ...historyCommon,
      by: recorder,
      advertiser: advertiserId,
      amount: dollars,
    }),
  ])
  .meta({ id: "HistoryEntry" });

export const commissionGroupsApi = {
  "GET /api/commission_groups": {
    summary: "Every commission group, the default one (the programme settings) first, with its terms and members.",
    tag: "Programme",
    access: "staff",
    response: z.strictObject({ groups: z.array(groupView) }),
    refusals: staffOnly,
  },
  "POST /api/commission_groups": {
    summary: "Creates a commission group, or saves an edit of one as its next version, in force from now.",
    description:
      "Without `id`, a new group (version 1); with `id` and the `version` loaded, its next version. A rename is carried to its members. The default group is the programme settings, edited there (400).",
    tag: "Programme",
    access: "admin",
    body: z.strictObject({
      id: groupId.optional(),
      version: z.number({ error: "must be the version you loaded." }).int().min(1).optional(),
      name: plainTextField(60).refine((text) => text.trim() !== "", { error: "must not be empty." }),
      terms: groupTermsSchema,
    }),
    response: z.strictObject({ group: groupView, changed: z.boolean(), message: z.string() }),
    refusals: {
      403: "Not an admin.",
      404: "No group has that id.",
      409: "Another group has the name, the group changed since the version loaded, or there are too many groups.",
    },
  },
  "POST /api/move_affiliates": {
    summary: "Moves affiliates to a commission group, with the reason: each move audited (who, when, from, to, why).",
    description:
      "One transaction per affiliate: sales from now on earn the new group's terms. The answer lists who moved, who was already in the group, and unknown user ids.",
    tag: "Programme",
    access: "staff",
    body: z.strictObject({
      user_ids: z
        .array(uidField, { error: "must be a list of user ids." })
        .min(1, { error: "must name at least one affiliate." })
        .max(100, { error: "must name at most 100 affiliates at once." }),
      group_id: groupId,
      reason,
    }),
    response: z.strictObject({
      group: groupNamed,
      moved: z.array(z.string()),
      already: z.array(z.string()).meta({ description: "Already in the group: left as they were." }),
      missing: z.array(z.string()).meta({ description: "No affiliate has these user ids." }),
    }),
    refusals: { ...staffOnly, 404: "No group has that id." },
  },
  "POST /api/set_deal": {
    summary: "Sets an affiliate's deal (overrides of their group's terms) from now, with the reason; null ends it.",
    description:
      "Each change is audited (who, when, why, before and after). A deal with `ends_at` gives way to the group's terms then; ending one keeps it, ended, for sales made under it.",
    tag: "Programme",
    access: "staff",
    body: z.strictObject({
      user_id: uidField,
      deal: z
        .strictObject({
          terms: dealTermsSchema,
          ends_at: isoTime
            .nullable()
            .transform((time) => (time === null ? null : new Date(time)))
            .meta({ description: "When the group's terms apply again; null: no end." }),
        })
        .nullable()
        .meta({ description: "null ends the deal in force now." }),
      reason,
    }),
    response: z.strictObject({ user_id: z.string(), deal: dealView.nullable(), changed: z.boolean() }),
    refusals: { ...staffOnly, 404: "No affiliate has that user id." },
  },
  "GET /api/affiliate_history": {
    summary: "An affiliate's group moves, deal changes and manual adjustments, newest first, a page at a time.",
    tag: "Programme",
    access: "staff",
    query: z.strictObject({
      user_id: uidField,
      ...pageQuery(historyPageLimit.max, /^\d{1,15}$/),
    }),
    response: z.strictObject({
      entries: z.array(historyEntryView),
      next: z.string().nullable().meta({ description: "The cursor for the next page (`after`); null on the last." }),
    }),
    refusals: staffOnly,
  },
  "POST /api/adjust": {
    summary: "Adjusts an affiliate's balance by hand, with the reason: a ledger entry of type adjustment, audited.",
    description:
      "The amount adds to the affiliate's earnings (negative: takes back), shown with its reason in their transactions. Sent again with the same `idempotency_key`, it is made once (`applied: false`); a negative one may not take the balance below what is already paid or in a pending payout (409).",
    tag: "Programme",
    access: "staff",
    body: z.strictObject({
      user_id: uidField,
      advertiser: advertiserId,
      amount: signedDollars,
      reason,
      idempotency_key: z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,64}$/, {
          error: "must be 8 to 64 letters, digits, - or _ (a new one per adjustment).",
        })
        .meta({ description: "A new random key per adjustment: a second submit with it credits nothing more." }),
    }),
    response: z.strictObject({
      user_id: z.string(),
      applied: z.boolean().meta({ description: "False: this key's adjustment was made before; nothing more moved." }),
      adjustment: adjustmentView,
      balance: dollars.meta({ description: "The affiliate's balance now (SPEC.md §4, floored at 0)." }),
    }),
    refusals: {
      ...staffOnly,
      404: "No affiliate has that user id.",
      409: "It would take the balance below what is paid, or the key was used for another adjustment.",
    },
  },
} as const satisfies Routes;
