/**
 * Commission groups (issue 34): listing them (staff), creating and editing them (admins), and moving
 * affiliates between them (staff). A group's edit is its next version, in force from the moment it is
 * saved; a move is one transaction per affiliate with its audit record, so two staff moving one affiliate at
 * once move them once, and the other is told they were already there.
 */
import type { Transaction } from "firebase-admin/firestore";
import { advertiserIds, type AdvertiserId } from "../domain/advertisers.js";
import {
  defaultGroupId,
  defaultGroupName,
  groupSaleTerms,
  maxGroups,
  moveTo,
  sameGroupName,
  type CommissionGroupDoc,
  type GroupTarget,
  type GroupTerms,
  type GroupMoveDoc,
  type GroupVersionDoc,
} from "../domain/commission-groups.js";
import type { AffiliateDoc, Recorder } from "../domain/model.js";
import { saleTerms } from "../domain/programme-settings.js";
import { limits } from "../config.js";
import { db, refs } from "../data/firestore.js";
import { settingsInForce } from "../data/programme-settings.js";
import { ApiError } from "../errors.js";

/** The default group's terms: it sets nothing, so everything is the programme settings'. */
const programmeOnly: GroupTerms = { rates: {}, hold_days: null, minimum_payout_cents: null };

export interface GroupListing {
  id: string;
  name: string;
  version: number;
  updated_at: Date | null;
  terms: GroupTerms;
  /** What its members' sales earn now, per advertiser: the group's terms over the programme's. */
  in_force: Record<AdvertiserId, { commission_rate: number; repeat_rates: Record<string, number>; hold_days: number }>;
  members: number;
}

/** Every group, the default one first, with what each pays now and how many affiliates are in it. */
export async function listGroups(now: Date): Promise<GroupListing[]> {
  const [groups, settings, everyone] = await Promise.all([
    refs.commissionGroups().orderBy("name").limit(maxGroups).get(),
    Promise.all(advertiserIds.map((advertiser) => settingsInForce(advertiser, now))),
    refs.affiliates().count().get(),
  ]);
  const counts = await Promise.all(
    groups.docs.map(
      async (doc) => (await refs.affiliates().where("group.id", "==", doc.id).count().get()).data().count,
    ),
  );
  const inForce = (terms: GroupTerms) =>
    Object.fromEntries(
      advertiserIds.map((advertiser, i) => {
        const sale = groupSaleTerms(saleTerms(settings[i]!), terms, advertiser);
        return [
          advertiser,
          { commission_rate: sale.commissionRate, repeat_rates: sale.repeatRates, hold_days: sale.holdDays },
        ];
      }),
    ) as GroupListing["in_force"];
  const listed: GroupListing[] = groups.docs.map((doc, i) => {
    const group = doc.data();
    return {
      id: doc.id,
      name: group.name,
      version: group.version,
      updated_at: group.updated_at,
      terms: termsOf(group),
      in_force: inForce(group),
      members: counts[i]!,
    };
  });
  // Affiliates never moved have no group on their document yet (it reads as the default): the rest.
  const moved = counts.reduce((sum, count) => sum + count, 0);
  const defaultGroup: GroupListing = {
    id: defaultGroupId,
    name: defaultGroupName,
    version: 0,
    updated_at: null,
    terms: programmeOnly,
    in_force: inForce(programmeOnly),
    members: Math.max(0, everyone.data().count - moved),
  };
  return [defaultGroup, ...listed];
}

const termsOf = ({ rates, hold_days, minimum_payout_cents }: GroupTerms): GroupTerms => ({
  rates,
  hold_days,
  minimum_payout_cents,
});

export interface GroupToSave {
  /** Absent: a new group. */
  id?: string | undefined;
  /** The version the admin loaded (an edit): a save on top of someone else's newer one is refused. */
  version?: number | undefined;
  name: string;
  terms: GroupTerms;
}

export interface GroupSaved {
  id: string;
  version: number;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
function sorted(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => [key, sorted(item)]),
  );
}

/**
 * Creates a group (version 1) or saves an edit as its next version, in force from `now`: sales that
 * happened before keep the version they were made under. The name and terms are carried to the members'
 * documents (what their dashboards show).
 */
export async function saveGroup(toSave: GroupToSave, by: Recorder, now: Date): Promise<GroupSaved> {
  const name = toSave.name.trim();
  if (toSave.id === defaultGroupId || sameGroupName(name, defaultGroupName)) {
    throw new ApiError(
      "bad_request",
      "The default group is the programme settings: change its terms with the programme settings, and give a new group another name.",
    );
  }
  const saved = await db().runTransaction(
    async (tx) => {
      const groups = (await tx.get(refs.commissionGroups())).docs;
      const current = toSave.id === undefined ? undefined : groups.find((doc) => doc.id === toSave.id)?.data();
      if (toSave.id !== undefined && !current) {
        throw new ApiError("not_found", `No commission group has the id ${toSave.id}.`);
      }
      const clash = groups.find((doc) => doc.id !== toSave.id && sameGroupName(doc.data().name, name));
      if (clash) throw new ApiError("conflict", `A group is named ${clash.data().name} already: choose another name.`);
      if (!current && groups.length >= maxGroups) {
        throw new ApiError("conflict", `A programme has at most ${maxGroups} groups besides the default one.`);
      }
      if (current && current.version !== toSave.version) {
        throw new ApiError(
          "conflict",
          `The group was changed since you loaded it (version ${current.version}, you had ${toSave.version ?? "none"}): reload it and make your change again.`,
        );
      }
      if (current && current.name === name && same(termsOf(current), toSave.terms)) {
        return { id: toSave.id!, version: current.version, changed: false };
      }
      const ref = current ? refs.commissionGroups().doc(toSave.id!) : refs.commissionGroups().doc();
      const version = (current?.version ?? 0) + 1;
      const doc: CommissionGroupDoc = {
        name,
        ...toSave.terms,
        version,
        created_at: current?.created_at ?? now,
        updated_at: now,
      };
      const record: GroupVersionDoc = {
        version,
        name,
        terms: toSave.terms,
        effective_from: now,
        changed_by: { uid: by.uid, email: by.email },
      };
      tx.set(ref, doc);
      tx.create(refs.groupVersions(ref.id).doc(String(version)), record);
      return { id: ref.id, version, changed: true };
    },
    { maxAttempts: limits.transactionAttempts },
  );
  if (saved.changed) await syncMembers(saved.id);
  return saved;
}

/** How many members' documents one transaction of a group's sync updates. */
const syncChunk = 100;

/**
 * Carries the group's name and terms (as stored now) to its members' documents, a transaction per chunk that
 * checks each one is still in the group, so a member moved meanwhile keeps their new group's.
 */
async function syncMembers(groupId: string): Promise<void> {
  let after: string | undefined;
  for (;;) {
    let query = refs.affiliates().where("group.id", "==", groupId).orderBy("__name__").limit(syncChunk);
    if (after) query = query.startAfter(after);
    const page = await query.select().get();
    if (page.empty) return;
    await db().runTransaction(async (tx) => {
      const group = (await tx.get(refs.commissionGroups().doc(groupId))).data();
      const members = await tx.getAll(...page.docs.map((doc) => refs.affiliate(doc.id)));
      if (!group) return;
      const shown = { name: group.name, terms: termsOf(group) };
      for (const member of members) {
        const current = member.data()?.group;
        if (current?.id === groupId && !same({ name: current.name, terms: current.terms }, shown)) {
          tx.update(refs.affiliate(member.id).withConverter(null), {
            "group.name": shown.name,
            "group.terms": shown.terms,
          });
        }
      }
    });
    after = page.docs.at(-1)!.id;
    if (page.size < syncChunk) return;
  }
}

export interface MoveOutcome {
  group: { id: string; name: string };
  moved: string[];
  already: string[];
  missing: string[];
}

/** The group to move to, read in the move's transaction (so an edit racing it is seen by one or the other). */
export async function targetOf(tx: Transaction, groupId: string): Promise<GroupTarget> {
  if (groupId === defaultGroupId) return { id: defaultGroupId, name: defaultGroupName, terms: null };
  const group = (await tx.get(refs.commissionGroups().doc(groupId))).data();
  if (!group) throw new ApiError("not_found", `No commission group has the id ${groupId}.`);
  return { id: groupId, name: group.name, terms: termsOf(group) };
}

/**
 * Moves each affiliate to the group, with the reason, in a transaction of their own that writes the move's
 * audit record: an affiliate already in it is left as they are (and said to be), an unknown uid is listed
 * as missing. Sales from `now` on earn the new group's terms; earlier ones, reported late, the old group's.
 */
export async function moveAffiliates(
  uids: string[],
  groupId: string,
  reason: string,
  by: Recorder,
  now: Date,
): Promise<MoveOutcome> {
  const outcome: MoveOutcome = { group: { id: groupId, name: "" }, moved: [], already: [], missing: [] };
  const results = await Promise.all(
    [...new Set(uids)].map((uid) =>
      db().runTransaction(
        async (tx) => {
          const target = await targetOf(tx, groupId);
          outcome.group = { id: target.id, name: target.name };
          const affiliate = (await tx.get(refs.affiliate(uid))).data();
          if (!affiliate) return { uid, result: "missing" as const };
          if (affiliate.group.id === groupId) return { uid, result: "already" as const };
          stageMove(tx, uid, affiliate, target, reason, { uid: by.uid, email: by.email }, now);
          return { uid, result: "moved" as const };
        },
        { maxAttempts: limits.transactionAttempts },
      ),
    ),
  );
  for (const { uid, result } of results) outcome[result].push(uid);
  return outcome;
}

/**
 * Writes one move in the caller's transaction (after its reads): the affiliate's new membership and the
 * move's audit record. Staff's moves and tiers' (rewards/after-sale.ts, `by` naming the tier) both use it.
 */
export function stageMove(
  tx: Transaction,
  uid: string,
  affiliate: Pick<AffiliateDoc, "group" | "past_groups">,
  target: GroupTarget,
  reason: string,
  by: GroupMoveDoc["by"],
  now: Date,
): void {
  tx.update(refs.affiliate(uid).withConverter(null), moveTo(affiliate, target, now));
  const record: GroupMoveDoc = {
    uid,
    from: { id: affiliate.group.id, name: affiliate.group.name },
    to: { id: target.id, name: target.name },
    reason,
    by,
    at: now,
  };
  tx.create(refs.groupMoves().doc(), record);
}
