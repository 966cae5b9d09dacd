import { serverDoc } from "../support/rules-factories.ts";
import { documentOperations, accessMatrix, noClientAccess, useRulesSuite } from "../support/rules-matrix.ts";

// Only the Cloud Functions (Admin SDK, which bypasses the rules) touch these; so does any path no rule names,
// including one nested under a readable document.
const serverOnly = [
  "counters",
  "clicks",
  "click_visits",
  "pending_refunds",
  "rate_limits",
  "role_revocations",
  "payout_audit",
  // Postback tokens (secrets) and the postback log: staff see them through the API only.
  "integrations",
  "integrations/cutechat/postbacks",
  // E-mails (the Trigger Email extension reads them with the Admin SDK) and the suspension audit.
  "mail",
  "postback_outbox",
  "postback_lanes",
  "payout_batches",
  "suspension_audit",
  // The conversion report's aggregates: staff see them through GET /api/conversion_report.
  "funnel_shards",
  "tracker_funnels",
  // The programme settings' versions (who changed what), under the public advertiser document.
  "advertisers/promptchan/settings_versions",
  // Issue 34: the commission groups and their versions (staff see them through the API), the moves' and
  // deals' audits (who, when, why: staff's, not the affiliate's).
  "commission_groups",
  "commission_groups/vip/versions",
  "group_moves",
  "deal_audit",
  // Issue 34: each group's tiers and bonuses and their versions (affiliates see their own through the API).
  "reward_rules",
  "reward_rules/default/versions",
  // Issue 33: risk cases with their evidence and signals, and the risk rules (a rule's threshold is staff's):
  // staff see them through the API, affiliates never.
  "risk_cases",
  "risk_cases/case-1/signals",
  "risk_rules",
  // Each affiliate's open case in brief: a case that only flags is for staff's eyes, so the affiliate's
  // own document does not name it and this collection (by uid) is closed to everyone, the affiliate too.
  "risk_open",
  // Self-referral: each affiliate's own identifiers as salted keys (their e-mail, destination, addresses).
  "risk_identity",
  // Sign-ups by address block (salted keys), under the affiliate's own readable day document.
  "affiliates/alice/days/2026-11-26/address_blocks",
  "unlisted",
  "affiliates/alice/unlisted",
];

const suite = useRulesSuite(
  import.meta.url,
  Object.fromEntries(serverOnly.map((collection) => [`${collection}/doc-1`, serverDoc()])),
);

for (const collection of serverOnly) {
  accessMatrix(
    suite,
    `${collection}/{id}`,
    documentOperations({
      collection,
      existingId: "doc-1",
      newId: "doc-2",
      create: serverDoc(),
      update: { value: 2 },
    }),
    noClientAccess,
  );
}
