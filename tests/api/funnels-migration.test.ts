/**
 * The programme's funnels (issue 31): GET /api/conversion_report reads aggregates that every write of an
 * affiliate's figures keeps, instead of every affiliate. Its answer must be what the every-affiliate
 * computation gives (kept here as the oracle, as the report computed it before), after clicks rolled up,
 * sign-ups, sales, renewals, refunds, links removed (one raced by an event), made again, and events at once;
 * and `npm run migrate:funnels` must rebuild the same aggregates from the affiliates, exactly, from nothing
 * or from drift, a second run changing nothing.
 *
 * The whole programme is compared, so this file has a project of its own in the emulator, which no other test
 * writes: the functions' code runs here, in this process (as the seed runs it), on the default app. A new
 * project starts with the imported demo data, whose affiliates go first.
 */
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { beforeAll, expect, test } from "vitest";
import { addCustomLink, deleteCustomLink } from "../../functions/src/accounts/accounts.ts";
import { loadConversionReport } from "../../functions/src/advertiser/conversion-report.ts";
import { clickIncrement, writeChanges } from "../../functions/src/data/aggregates.ts";
import { refs } from "../../functions/src/data/firestore.ts";
import { advertiserIds, type AdvertiserId } from "../../functions/src/domain/advertisers.ts";
import { newClick } from "../../functions/src/domain/clicks.ts";
import {
  byConversion,
  funnelShardId,
  funnelShardOf,
  landingFunnels,
  sumFunnels,
  trackerFunnelId,
  trackerFunnels,
  type FunnelRow,
} from "../../functions/src/domain/conversion-report.ts";
import { dayKey } from "../../functions/src/domain/days.ts";
import { parseEvent } from "../../functions/src/domain/events.ts";
import { newAffiliate, reviveAffiliate, type AffiliateDoc } from "../../functions/src/domain/model.ts";
import { subIdNames, type SubIds } from "../../functions/src/domain/sub-ids.ts";
import { processEvent, type ConvertingClick } from "../../functions/src/ledger/process-event.ts";
import { rollUpClicks } from "../../functions/src/tracking/clicks.ts";
import { migrateFunnels } from "../../scripts/lib/funnels-migration.ts";
import { rootDir } from "../../scripts/lib/project.ts";

const projectId = `demo-funnels-${randomUUID().slice(0, 8)}`;
// The functions' Firestore client (data/firestore.ts) is the default app's: this project's. It throws if a
// default app exists already, rather than writing to another project.
initializeApp({ projectId });
const db = getFirestore();

const minTrackerClicks = 20;
/** The funnel shards the affiliates below add to: ann's and bob_2's of promptchan (two: funnelShardOf), ann's of cutechat. */
const shardsWritten = new Set([
  funnelShardId("promptchan", funnelShardOf("ann")),
  funnelShardId("promptchan", funnelShardOf("bob_2")),
  funnelShardId("cutechat", funnelShardOf("ann")),
]).size;

/** GET /api/conversion_report as it was computed before issue 31: from every affiliate's document. */
async function everyAffiliateReport(advertiser: AdvertiserId) {
  const snapshot = await refs
    .affiliates()
    .withConverter(null)
    .select("uid", "email", "name", "landings", "trackers", "links")
    .get();
  const landings: FunnelRow[] = [];
  const trackers: (FunnelRow & { uid: string; email: string; name: string; tracker: string })[] = [];
  const totals = { clicks: 0, sign_ups: 0, first_sales: 0 };
  for (const doc of snapshot.docs) {
    const affiliate = reviveAffiliate({ uid: doc.id, ...doc.data() });
    landings.push(...landingFunnels(affiliate.landings[advertiser]));
    for (const row of trackerFunnels(affiliate, advertiser)) {
      totals.clicks += row.clicks;
      totals.sign_ups += row.sign_ups;
      totals.first_sales += row.first_sales;
      if (row.clicks >= minTrackerClicks) {
        trackers.push({
          ...row,
          key: `${doc.id}:${row.key}`,
          uid: doc.id,
          email: affiliate.email,
          name: affiliate.name,
          tracker: row.key,
        });
      }
    }
  }
  return {
    advertiser,
    affiliates: snapshot.size,
    totals,
    landings: sumFunnels(landings),
    top_trackers: trackers.sort(byConversion).slice(0, 25),
    min_tracker_clicks: minTrackerClicks,
  };
}

/** Every advertiser's report from the aggregates is the every-affiliate one, and is not empty. */
async function expectReportsAsEveryAffiliates(): Promise<void> {
  for (const advertiser of advertiserIds) {
    expect(await loadConversionReport(advertiser), advertiser).toEqual(await everyAffiliateReport(advertiser));
  }
  expect((await loadConversionReport("promptchan")).top_trackers.length).toBeGreaterThan(1);
}

beforeAll(async () => {
  for (const collection of ["affiliates", "funnel_shards", "tracker_funnels"]) {
    await db.recursiveDelete(db.collection(collection));
  }
});

async function createAffiliate(uid: string, links: Partial<AffiliateDoc["links"]> = {}): Promise<string> {
  const affiliate = newAffiliate(uid, `${uid}@test.example`, new Date());
  await refs.affiliate(uid).set({ ...affiliate, name: `Affiliate ${uid}`, links: { ...affiliate.links, ...links } });
  return uid;
}

const noSubIds = Object.fromEntries(subIdNames.map((name) => [name, null])) as SubIds;

/** `count` clicks on the link waiting in click shards, as the redirect counts them; one click id answered. */
async function click(uid: string, advertiser: AdvertiserId, suffix: string, landing: string | undefined, count = 1) {
  await Promise.all(
    Array.from({ length: count }, () => {
      const { ref, data } = clickIncrement({ uid, advertiser, suffix, landing, day: dayKey(new Date()) });
      return ref.set(data, { merge: true });
    }),
  );
  const doc = newClick(
    { uid, advertiser_id: advertiser, tracker: suffix, landing: landing ?? "" },
    noSubIds,
    new Date(),
    30,
  );
  return { id: `c-${randomUUID()}`, doc } satisfies ConvertingClick;
}

/** An advertiser's event, applied as POST /api/events (or a postback, with its click) applies it. */
async function send(uid: string, body: Record<string, unknown>, converting?: ConvertingClick): Promise<string> {
  const event = {
    id: `f-${randomUUID()}`,
    advertiser_id: "promptchan",
    uid,
    occurred_at: new Date(Date.now() - 60_000).toISOString(),
    ...(converting?.doc.tracker ? { tracker: converting.doc.tracker } : {}),
    ...body,
  };
  const raw = JSON.stringify(event);
  const now = new Date();
  const hash = createHash("sha256").update(raw).digest("hex");
  const outcome = await processEvent(parseEvent(event, now), hash, now, converting ? { click: converting } : {});
  expect(outcome.status).toBe("applied");
  return event.id;
}

test(
  "kept on every write, the funnels give the report that every affiliate's figures give",
  { timeout: 180_000 },
  async () => {
    const ann = await createAffiliate("ann", { promptchan: ["/tw", "/yt"], cutechat: ["/ig"] });
    const bob = await createAffiliate("bob_2", { promptchan: ["/x"] });
    await createAffiliate("cat");

    // Clicks, rolled up: through landing pages, the home page, and (a click event) none known.
    const tw = await click(ann, "promptchan", "/tw", "/ai-porn", 30);
    const home = await click(ann, "promptchan", "", "", 10);
    const yt = await click(ann, "promptchan", "/yt", "/furry-ai", 12);
    await click(ann, "cutechat", "/ig", "", 5);
    const x = await click(bob, "promptchan", "/x", "/ai-porn", 22);
    for (let i = 0; i < 3; i++) await send(bob, { type: "click" });
    await Promise.all([rollUpClicks(ann), rollUpClicks(bob)]);

    // Sign-ups and first sales by click id (the landing page counts them) and without; renewals; refunds.
    for (let i = 0; i < 5; i++) await send(ann, { type: "sign_up" }, tw);
    const sale = await send(ann, { type: "sale", amount: "20.00" }, tw);
    await send(ann, { type: "sale", amount: "20.00", repeat_index: 1, tracker: "/tw" });
    await send(ann, { type: "sign_up" }, home);
    await send(ann, { type: "sale", amount: "15.00" }, yt);
    await send(ann, { type: "refund", refers_to: sale, amount: "5.00" });
    const bobSale = await send(bob, { type: "sale", amount: "30.00" }, x);
    await send(bob, { type: "chargeback", refers_to: bobSale });
    await send(ann, { type: "sign_up", advertiser_id: "cutechat", tracker: "/ig" });

    // Events at once, for one affiliate's link and for another's.
    await Promise.all([
      ...Array.from({ length: 12 }, () => send(ann, { type: "sign_up" }, tw)),
      ...Array.from({ length: 6 }, () => send(ann, { type: "sale", amount: "10.00" }, tw)),
      ...Array.from({ length: 6 }, () => send(bob, { type: "sign_up" }, x)),
      ...Array.from({ length: 4 }, () => send(bob, { type: "sale", amount: "10.00" }, x)),
    ]);
    await expectReportsAsEveryAffiliates();

    // /yt removed with clicks still waiting: they roll up into the removed trackers (12 + 5 clicks, too few
    // to rank). Then a roll-up that read the links before the removal commits after it: its 10 clicks go to
    // /yt again, a key the fold will take. Apart, neither has 20 clicks; the removed trackers' row has 27.
    await click(ann, "promptchan", "/yt", "/furry-ai", 5);
    await deleteCustomLink(ann, "promptchan", "/yt");
    await rollUpClicks(ann);
    await db.runTransaction(async (tx) => {
      const raced = {
        advertiser: "promptchan" as const,
        tracker: "/yt",
        day: dayKey(new Date()),
        landing: "/furry-ai",
      };
      writeChanges(tx, ann, [{ ...raced, figures: { clicks: 10 } }], { recent_days: [], held: [] }, new Date());
    });
    const report = await loadConversionReport("promptchan");
    expect(report.top_trackers.find((row) => row.key === `${ann}:removed`)).toMatchObject({ clicks: 27 });
    await expectReportsAsEveryAffiliates();

    // Made again, /yt is a link with what the racing roll-up put back; /tw removed, its figures join the rest.
    await addCustomLink(ann, "promptchan", "/yt");
    await expectReportsAsEveryAffiliates();
    await deleteCustomLink(ann, "promptchan", "/tw");
    await send(ann, { type: "sale", amount: "10.00", tracker: "/tw" });
    await expectReportsAsEveryAffiliates();

    // What the writes kept is what a rebuild from the affiliates computes: the migration finds nothing to do.
    expect(await migrateFunnels(db, { dryRun: true })).toEqual({ examined: 3, trackers: 0, shards: 0 });
  },
);

test(
  "the migration rebuilds the funnels from the affiliates alone, and a second run changes nothing",
  { timeout: 60_000 },
  async () => {
    const expected = await Promise.all(advertiserIds.map(everyAffiliateReport));
    await Promise.all([
      db.recursiveDelete(db.collection("funnel_shards")),
      db.recursiveDelete(db.collection("tracker_funnels")),
    ]);
    // A dry run counts and writes nothing.
    const dry = await migrateFunnels(db, { dryRun: true, pageSize: 2 });
    expect(dry).toMatchObject({ examined: 3, shards: shardsWritten });
    expect(dry.trackers).toBeGreaterThan(5);
    expect((await db.collection("tracker_funnels").get()).size).toBe(0);

    expect(await migrateFunnels(db, { pageSize: 2 })).toEqual(dry);
    expect(await Promise.all(advertiserIds.map(loadConversionReport))).toEqual(expected);
    expect(await migrateFunnels(db)).toEqual({ examined: 3, trackers: 0, shards: 0 });
  },
);

test(
  "the migration puts drift right: a shard counted twice, a tracker's figures wrong, a stray one",
  { timeout: 60_000 },
  async () => {
    const expected = await Promise.all(advertiserIds.map(everyAffiliateReport));
    const shards = await db.collection("funnel_shards").get();
    await shards.docs[0]!.ref.update({ "totals.clicks": FieldValue.increment(7) });
    await db.doc(`tracker_funnels/${trackerFunnelId("promptchan", "bob_2", "/x")}`).update({ clicks: 1 });
    await db.doc(`tracker_funnels/${trackerFunnelId("promptchan", "cat", "/never")}`).set({
      uid: "cat",
      advertiser_id: "promptchan",
      tracker: "/never",
      clicks: 50,
      sign_ups: 50,
      first_sales: 50,
    });
    expect(await migrateFunnels(db)).toEqual({ examined: 3, trackers: 2, shards: 1 });
    expect(await Promise.all(advertiserIds.map(loadConversionReport))).toEqual(expected);
    // The stray link is not cat's: kept as a folded tracker with nothing, so a racing event would count as removed.
    expect(
      (await db.doc(`tracker_funnels/${trackerFunnelId("promptchan", "cat", "/never")}`).get()).data(),
    ).toMatchObject({
      clicks: 0,
      folded: true,
      counted: false,
    });
  },
);

test(
  "the command rebuilds the project it names in the emulator, and refuses a bad flag",
  { timeout: 60_000 },
  async () => {
    const run = promisify(execFile);
    const script = path.join(rootDir, "scripts", "migrate-funnels.ts");
    await db.recursiveDelete(db.collection("funnel_shards"));
    const dry = await run("node", [script, "--project", projectId, "--emulator", "--dry-run"]);
    expect(dry.stdout).toContain(
      `Rebuilding the programme funnels from 3 affiliates in the emulator (${projectId}) would change 0 tracker funnels and ${shardsWritten} funnel shards.`,
    );
    const done = await run("node", [script, "--project", projectId, "--emulator"]);
    expect(done.stdout).toContain(
      `Rebuilt the programme funnels from 3 affiliates in the emulator (${projectId}): changed 0 tracker funnels and ${shardsWritten} funnel shards.`,
    );
    expect((await db.collection("funnel_shards").get()).size).toBe(shardsWritten);
    const refused = await run("node", [script, "--project", projectId, "--emulator", "--everything"]).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Usage: npm run migrate:funnels");
  },
);
