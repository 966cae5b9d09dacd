import { Router } from "express";
import { commissionGroupsApi as api, historyPageLimit, type GroupView } from "../../contract/commission-groups.js";
import { dealForApi, termsForApi } from "../../domain/commission-group-input.js";
import { centsToDollars } from "../../domain/money.js";
import { setDeal } from "../../groups/deals.js";
import { loadAffiliateHistory, type HistoryEntry } from "../../groups/history.js";
import { adjustBalance } from "../../ledger/adjustments.js";
import { listGroups, moveAffiliates, saveGroup, type GroupListing } from "../../groups/groups.js";
import { reply } from "../answers.js";
import { callerOf, requireAdmin, requireCaller, requireStaff } from "../auth.js";
import { parseBody, parseQuery } from "../inputs.js";

/** Commission groups (issue 34): staff list them and move affiliates; admins create and edit them. */
export const commissionGroupRoutes = Router();

/** A group as the API gives it: times in ISO 8601, money in dollars. */
const groupView = (group: GroupListing): GroupView => ({
  ...group,
  updated_at: group.updated_at?.toISOString() ?? null,
  terms: termsForApi(group.terms),
});

// GET /api/commission_groups: every group, the default one first, with its terms, what it pays now and its members.
commissionGroupRoutes.get("/commission_groups", requireCaller, requireStaff, async (_req, res) => {
  const groups = await listGroups(new Date());
  reply(res, api["GET /api/commission_groups"], { groups: groups.map(groupView) });
});

// POST /api/commission_groups: creates a group, or saves an edit as its next version (admin).
commissionGroupRoutes.post("/commission_groups", requireCaller, requireAdmin, async (req, res) => {
  const route = api["POST /api/commission_groups"];
  const body = parseBody(route.body, req);
  const caller = callerOf(req);
  const now = new Date();
  const saved = await saveGroup(body, { uid: caller.uid, email: caller.email }, now);
  const group = (await listGroups(now)).find((listed) => listed.id === saved.id)!;
  reply(res, route, {
    group: groupView(group),
    changed: saved.changed,
    message: saved.changed ? `Saved as version ${saved.version}: in force from now.` : "Nothing changed.",
  });
});

// POST /api/move_affiliates: moves affiliates to a group, with the reason, each move audited (staff).
commissionGroupRoutes.post("/move_affiliates", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/move_affiliates"];
  const { user_ids, group_id, reason } = parseBody(route.body, req);
  const caller = callerOf(req);
  reply(
    res,
    route,
    await moveAffiliates(user_ids, group_id, reason.trim(), { uid: caller.uid, email: caller.email }, new Date()),
  );
});

// POST /api/set_deal: sets an affiliate's deal from now, or ends it, with the reason, audited (staff).
commissionGroupRoutes.post("/set_deal", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/set_deal"];
  const { user_id, deal, reason } = parseBody(route.body, req);
  const caller = callerOf(req);
  const terms = deal && { ...deal.terms, ends_at: deal.ends_at };
  const outcome = await setDeal(user_id, terms, reason.trim(), { uid: caller.uid, email: caller.email }, new Date());
  reply(res, route, { ...outcome, deal: outcome.deal && dealForApi(outcome.deal) });
});

// POST /api/adjust: credits or takes back an amount by hand, with the reason, once per key, audited (staff).
commissionGroupRoutes.post("/adjust", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/adjust"];
  const body = parseBody(route.body, req);
  const caller = callerOf(req);
  const request = {
    ...body,
    uid: body.user_id,
    amountCents: body.amount,
    reason: body.reason.trim(),
    key: body.idempotency_key,
  };
  const { applied, audit, balanceCents } = await adjustBalance(
    request,
    { uid: caller.uid, email: caller.email },
    new Date(),
  );
  reply(res, route, {
    user_id: audit.uid,
    applied,
    adjustment: {
      entry_id: audit.entry_id,
      advertiser: audit.advertiser_id,
      amount: centsToDollars(audit.amount_cents),
      reason: audit.reason,
      by: audit.by,
      at: audit.at.toISOString(),
    },
    balance: centsToDollars(balanceCents),
  });
});

/** A history entry as the API gives it: times in ISO 8601, money in dollars. */
function historyView(entry: HistoryEntry) {
  const common = { id: entry.id, at: entry.at.toISOString(), reason: entry.reason };
  switch (entry.kind) {
    case "move":
      return {
        kind: entry.kind,
        ...common,
        by: { uid: entry.by.uid, email: entry.by.email },
        from: entry.from,
        to: entry.to,
        tier: entry.by.tier ?? null,
      };
    case "deal":
      return {
        kind: entry.kind,
        ...common,
        by: entry.by,
        deal: entry.deal && dealForApi(entry.deal),
        previous: entry.previous && dealForApi(entry.previous),
      };
    case "adjustment":
      return {
        kind: entry.kind,
        ...common,
        by: entry.by,
        advertiser: entry.advertiser_id,
        amount: centsToDollars(entry.amount_cents),
      };
  }
}

// GET /api/affiliate_history?user_id=: their group moves, deal changes and adjustments, newest first (staff).
commissionGroupRoutes.get("/affiliate_history", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/affiliate_history"];
  const { user_id, limit = historyPageLimit.default, after } = parseQuery(route.query, req);
  const page = await loadAffiliateHistory(user_id, limit, after ?? null);
  reply(res, route, { entries: page.entries.map(historyView), next: page.next });
});
