/** Risk cases (issue 33): staff's queue of open cases, one case with its evidence, and its resolution. */
import { z } from "zod";
import { identifierKinds } from "../domain/customer-identifiers.js";
import { destinationKinds } from "../domain/shared-destination.js";
import { riskActions, riskFamilies, riskRuleSchema, type RiskRule } from "../domain/risk-rules.js";
import { maxSimulatedAffiliates, simulationWindowDays } from "../domain/risk-simulation.js";
import { countParam, dollars, isoDay, isoTime, plainTextField, recorder, uidField } from "./fields.js";
import { staffOnly, type Routes } from "./route.js";

/** The most open cases the queue answers at once; it also says how many are open in all. */
export const maxCasesListed = 200;

export const caseIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "must be a risk case id." })
  .meta({ description: "A risk case's id.", example: "Xk3pQ9rLm2VbNz7aTy1c" });

const family = z.enum(riskFamilies);
const action = z.enum(riskActions);
const status = z.enum(["open", "released", "confirmed"]);

/** A case in the queue: who, what and the money it puts at stake. */
const caseRow = z
  .strictObject({
    case_id: z.string(),
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    status,
    action,
    families: z.array(family),
    family_labels: z.array(z.string()).meta({ description: "Each family as staff read it." }),
    opened_at: isoTime,
    updated_at: isoTime,
    event_count: z.number().int(),
    case_held: dollars.meta({ description: "Commission the case holds (sales recorded while it holds)." }),
    at_stake: dollars.meta({
      description: "What the case keeps from leaving: what it holds, and under hold_all the payable balance too.",
    }),
  })
  .meta({ id: "RiskCaseRow" });

const evidence = z.strictObject({
  detail: z.string(),
  other_uid: z.string().optional(),
  /** The other affiliate's name (else e-mail) as it is now, when they still have an account. */
  other_name: z.string().optional(),
  destination_kind: z.enum(Object.keys(destinationKinds) as [keyof typeof destinationKinds]).optional(),
  sale_id: z.string().optional(),
  click_id: z.string().optional(),
  event_id: z.string().optional(),
  identifier_kinds: z
    .array(z.enum(identifierKinds))
    .optional()
    .meta({ description: "Self-referral: the kinds of customer identifier that matched the affiliate's own." }),
});

const riskEvent = z.strictObject({ key: z.string(), family, action, at: isoTime, evidence }).meta({ id: "RiskEvent" });

const resolution = z
  .strictObject({
    outcome: z.enum(["released", "confirmed"]),
    by: recorder,
    at: isoTime,
    note: z.string(),
    held: dollars.meta({ description: "The commission returned to its hold timeline, or cancelled." }),
  })
  .meta({ id: "RiskResolution" });

/** The affiliate's figures staff weigh a case by. */
const keyFigures = z.strictObject({
  fraud_user: z.boolean(),
  balance: dollars,
  held: dollars.meta({ description: "Commission in its normal hold period." }),
  case_held: dollars,
  payable: dollars,
  total_earnings: dollars,
  total_refunded: dollars,
  total_payouts: dollars,
  total_sales: z.number().int(),
  total_refunds: z.number().int(),
  total_sign_ups: z.number().int(),
  total_clicks: z.number().int(),
  total_filtered_clicks: z.number().int(),
});

export const riskCaseView = caseRow
  .extend({
    events: z.array(riskEvent).meta({ description: "The newest 50 events, oldest first; event_count counts all." }),
    resolution: resolution.nullable(),
    affiliate: keyFigures,
  })
  .meta({ id: "RiskCase" });

/**
 * A candidate rule to simulate: the family, and its action and threshold (where the family has one), checked
 * as a saved rule is (domain/risk-rules.ts's riskRuleSchema), so the bounds and messages are the same.
 */
const simulationBody = z
  .strictObject({
    family: z.enum(riskFamilies, { error: `must be one of ${riskFamilies.join(", ")}.` }),
    action: z.enum(riskActions, { error: `must be one of ${riskActions.join(", ")}.` }),
    threshold: z
      .number({ error: "must be a number." })
      .optional()
      .meta({ description: "The rule's threshold, required where the family has one, within its bounds." }),
  })
  .transform((body, ctx) => {
    const { family, ...rule } = body;
    const parsed = riskRuleSchema(family).safeParse({ enabled: true, ...rule });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom", path: issue.path });
      return z.NEVER;
    }
    return { family, rule: parsed.data as RiskRule };
  });

const simulatedAffiliate = z
  .strictObject({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    since: isoDay.meta({ description: "The first day the rule would have fired: its hold counts from then." }),
    evidence: z.string().meta({ description: "The finding's line for staff, as the case would show it." }),
    amount: dollars.meta({ description: "What the rule would have held (nothing for flag)." }),
  })
  .meta({ id: "SimulatedAffiliate" });

export const riskSimulation = z
  .strictObject({
    family,
    action,
    threshold: z.number().nullable(),
    window_days: z.number().int(),
    from: isoDay,
    to: isoDay,
    affiliates: z.array(simulatedAffiliate).meta({ description: "The affiliates caught, the most money first." }),
    count: z.number().int(),
    total: dollars,
    cut: z.boolean().meta({
      description: `Whether the list was cut: more affiliates to measure than ${maxSimulatedAffiliates}, or the read that finds them reached its bound.`,
    }),
    limit: z.number().int().meta({ description: "The most affiliates one simulation measures." }),
    note: z.string().nullable().meta({
      description:
        "How the family is simulated, where what is stored differs from what the rule would have seen then (self-referral: each affiliate's identity as it is today).",
    }),
  })
  .meta({ id: "RiskSimulation" });

export type RiskSimulation = z.input<typeof riskSimulation>;
export type RiskCaseView = z.input<typeof riskCaseView>;
export type RiskCaseRow = z.input<typeof caseRow>;

export const riskApi = {
  "GET /api/risk_cases": {
    summary: "The open risk cases, the most money at stake first (issue 33).",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject({
      limit: countParam(maxCasesListed).optional(),
      case_id: caseIdField
        .optional()
        .meta({ description: "A case the answer includes first if it is open and not listed." }),
    }),
    response: z.strictObject({
      cases: z.array(caseRow),
      open: z
        .number()
        .int()
        .meta({ description: `How many cases are open (the queue shows ${maxCasesListed} at most).` }),
    }),
    refusals: staffOnly,
  },
  "GET /api/risk_case": {
    summary: "One risk case: its events with their evidence, its resolution, and the affiliate's key figures.",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject({ case_id: caseIdField }),
    response: riskCaseView,
    refusals: { ...staffOnly, 404: "No risk case has that id." },
  },
  "POST /api/resolve_risk_case": {
    summary: "Releases a case's held commission, or confirms fraud and cancels it: exactly once.",
    description:
      "release: the case's held commission goes back to its normal hold timeline (what has matured becomes payable). confirm: it is cancelled by a ledger entry counted as clawed back, and suspension is offered (POST /api/set_suspension). The same resolution again changes nothing (changed: false); the other one on a resolved case is refused (409).",
    tag: "Advertiser",
    access: "staff",
    body: z.strictObject({
      case_id: caseIdField,
      outcome: z.enum(["release", "confirm"], { error: "must be release or confirm." }),
      note: plainTextField(500).optional().meta({ description: "Why (required to confirm)." }),
    }),
    response: z.strictObject({
      case_id: z.string(),
      user_id: uidField,
      status,
      changed: z.boolean().meta({ description: "False when the case was already resolved so (a retry)." }),
      held: dollars.meta({ description: "The commission released or cancelled." }),
      suspension_offered: z.boolean().meta({
        description: "After a confirmation of an account not yet suspended: POST /api/set_suspension does it.",
      }),
      message: z.string(),
    }),
    refusals: {
      ...staffOnly,
      404: "No risk case has that id.",
      409: "The case was already resolved the other way.",
    },
  },
  "POST /api/simulate_risk_rule": {
    summary: `Which affiliates a candidate risk rule would have caught over the last ${simulationWindowDays} days, and what it would have held.`,
    description:
      "Computed from what is stored with the daily review's own detectors (or, for a shared payout destination, the save path's), before the rule is saved; writes nothing. Money: flag holds nothing; hold_new the commission of the affiliate's sales from the first day the rule would have fired; hold_all that, or the affiliate's balance when more. Self-referral matches the customers of the window's sign-ups and sales with each affiliate's identity as it is today; a shared sign-in device replays the index of devices.",
    tag: "Advertiser",
    access: "staff",
    body: simulationBody,
    response: riskSimulation,
    refusals: staffOnly,
  },
} as const satisfies Routes;
