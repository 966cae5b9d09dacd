/**
 * Programme settings in Firestore (issue 19): the settings in force live on advertisers/{id} (the public
 * registry document, which the click redirect already reads), and every saved version, with who changed
 * what and when, in advertisers/{id}/settings_versions/{n}, which no client reads.
 */
import type { Transaction } from "firebase-admin/firestore";
import { advertiserIds, advertisers, defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import type { AdvertiserDoc, Recorder } from "../domain/model.js";
import {
  settingChanges,
  settingFields,
  storedSettings,
  storedVersion,
  type SettingField,
  type ProgrammeTerms,
  type ProgrammeSettings,
  type SettingsToSave,
  type SettingsVersion,
} from "../domain/programme-settings.js";
import { collections } from "../domain/model.js";
import { defaultRiskRules, readStoredRiskRules, type RiskRules } from "../domain/risk-rules.js";
import {
  maxRateChanges,
  promisedRates,
  rateChangeOf,
  rateChangesBefore,
  type LoweredRatesScope,
  type RateChange,
} from "../domain/promised-terms.js";
import { ApiError } from "../errors.js";
import { forgetAdvertiserSettings } from "./advertiser-config.js";
import { db, refs } from "./firestore.js";

/** How many past versions the settings page lists per advertiser. */
export const historyShown = 20;

/**
 * The settings in force at `at`, for a sale that happened then: one read of the advertiser's document, and
 * a query of its versions only when the sale happened before the latest change.
 */
export async function settingsInForce(
  advertiser: AdvertiserId,
  at: Date,
  /** The advertiser's document, when the caller has read it already. */
  read?: { doc: AdvertiserDoc | undefined },
): Promise<ProgrammeSettings> {
  const doc = read ? read.doc : (await refs.advertisers().doc(advertiser).get()).data();
  const changedAt = doc?.settings_updated_at;
  if (!changedAt || at.getTime() >= changedAt.getTime()) return storedSettings(advertiser, doc);
  const earlier = await refs
    .settingsVersions(advertiser)
    .where("effective_from", "<=", at)
    .orderBy("effective_from", "desc")
    .limit(1)
    .get();
  const version = earlier.docs[0]?.data();
  return version ? storedSettings(advertiser, version.settings) : storedSettings(advertiser, doc);
}

/**
 * The settings a sale at `at` of an affiliate who joined at `joinedAt` earns: those in force then, with the
 * rates promised to them (domain/promised-terms.ts). The rate history is read only for an affiliate who
 * joined before a change lowered a rate; anyone else costs no read more than settingsInForce.
 */
export async function settingsForAffiliate(
  advertiser: AdvertiserId,
  at: Date,
  joinedAt: Promise<Date>,
): Promise<ProgrammeSettings> {
  const [doc, joined] = await Promise.all([refs.advertisers().doc(advertiser).get(), joinedAt]);
  const settings = await settingsInForce(advertiser, at, { doc: doc.data() });
  const loweredAt = doc.data()?.rates_lowered_at;
  if (!loweredAt || joined.getTime() >= loweredAt.getTime()) return settings;
  const changes = (await refs.rateHistory(advertiser).get()).data()?.changes ?? [];
  return { ...settings, ...(promisedRates(changes, joined, at) ?? {}) };
}

/**
 * The default advertiser's settings in force now: the rates affiliates without an individual deal earn, and
 * the payout rules, which apply to the whole programme (an affiliate has one balance across advertisers).
 */
export async function programmeTermsNow(now = new Date()): Promise<ProgrammeTerms> {
  return settingsInForce(defaultAdvertiserId, now);
}

/**
 * risk_rules/{advertiser} (server-only): the risk rules in force, kept off the public advertiser document so
 * no one outside staff reads a rule's threshold. Versioned with the other settings (settings_versions).
 */
const riskRulesRef = (advertiser: AdvertiserId) => db().collection(collections.riskRules).doc(advertiser);

/** An advertiser document with its stored risk rules beside the other settings (storedSettings reads both). */
const withRiskRules = (doc: object | undefined, risk: { rules?: unknown } | undefined) =>
  ({ ...doc, ...(risk?.rules === undefined ? {} : { risk_rules: risk.rules }) }) as Partial<
    Record<SettingField, unknown>
  >;

/**
 * The risk rules in force now: the default advertiser's, programme-wide (one read, when a signal fires). A
 * family the stored rules lack (saved before it existed) follows its default.
 */
export async function riskRulesNow(): Promise<RiskRules> {
  const stored = (await riskRulesRef(defaultAdvertiserId).get()).data()?.rules;
  return readStoredRiskRules(stored) ?? defaultRiskRules();
}

export interface AdvertiserSettingsView {
  advertiser: AdvertiserId;
  version: number;
  settings: ProgrammeSettings;
  history: SettingsVersion[];
}

/** Every advertiser's settings in force and its latest versions, newest first (for staff). */
export async function programmeSettingsView(): Promise<AdvertiserSettingsView[]> {
  const docs = new Map((await refs.advertisers().get()).docs.map((doc) => [doc.id, doc.data()]));
  return Promise.all(
    advertiserIds.map(async (advertiser) => {
      const doc = docs.get(advertiser);
      const [history, risk] = await Promise.all([
        refs.settingsVersions(advertiser).orderBy("version", "desc").limit(historyShown).get(),
        riskRulesRef(advertiser).get(),
      ]);
      return {
        advertiser,
        version: doc?.settings_version ?? 0,
        settings: storedSettings(advertiser, withRiskRules(doc, risk.data())),
        history: history.docs.map((version) => storedVersion(advertiser, version.data())),
      };
    }),
  );
}

/** The other advertiser whose link domain (as in force now) has the same host as `linkDomain`, if any. */
function linkDomainOwner(
  advertiser: AdvertiserId,
  linkDomain: string,
  docs: Map<string, Partial<Record<SettingField, unknown>>>,
): AdvertiserId | undefined {
  const host = new URL(linkDomain).host;
  return advertiserIds.find(
    (other) => other !== advertiser && new URL(storedSettings(other, docs.get(other)).link_domain).host === host,
  );
}

/**
 * Adds a change of the rates to the programme's rate history (promised terms), in the save's transaction. The
 * first one also records the rate changes made before the history existed, from the settings' versions.
 */
async function stageRateChange(
  tx: Transaction,
  advertiser: AdvertiserId,
  current: number,
  before: ProgrammeSettings,
  change: RateChange,
): Promise<void> {
  const ref = refs.rateHistory(advertiser);
  let changes = (await tx.get(ref)).data()?.changes;
  if (!changes) {
    const versions =
      current === 0 ? [] : (await tx.get(refs.settingsVersions(advertiser))).docs.map((doc) => doc.data());
    changes = rateChangesBefore(
      versions.length > 0 ? versions : [{ version: 0, effective_from: new Date(0), settings: before }],
    );
  }
  if (changes.length >= maxRateChanges) {
    throw new ApiError(
      "conflict",
      `The programme's rates have been changed ${maxRateChanges} times, as many as its history keeps: ask a developer to archive the oldest changes.`,
    );
  }
  tx.set(ref, { changes: [...changes, change] });
}

export interface SaveOutcome {
  version: number;
  changed: boolean;
  /** Whom the rates it lowered apply to; null when it lowered none. */
  lowered: LoweredRatesScope | null;
}

/**
 * Saves an admin's settings as the next version, in force from `now`, if they change anything. Refused
 * (409) when someone saved another version since `expectedVersion` was loaded, so no change is lost. The
 * first save also records version 0: the settings the programme had until then.
 */
export async function saveProgrammeSettings(
  advertiser: AdvertiserId,
  toSave: SettingsToSave,
  expectedVersion: number,
  by: Recorder,
  now: Date,
  /** Whom a lowered rate applies to (promised terms): required when the save lowers one. */
  loweredScope?: LoweredRatesScope,
): Promise<SaveOutcome> {
  const docRef = refs.advertisers().doc(advertiser);
  const outcome = await db().runTransaction(async (tx) => {
    // Every advertiser's document, read in the transaction: two saves at once cannot both take one domain.
    const docs = new Map((await tx.get(refs.advertisers())).docs.map((snapshot) => [snapshot.id, snapshot.data()]));
    const doc = docs.get(advertiser);
    const risk = (await tx.get(riskRulesRef(advertiser))).data();
    const current = doc?.settings_version ?? 0;
    if (current !== expectedVersion) {
      throw new ApiError(
        "conflict",
        `The settings were changed since you loaded them (version ${current}, you had ${expectedVersion}): reload them and make your change again.`,
      );
    }
    const owner = linkDomainOwner(advertiser, toSave.link_domain, docs);
    if (owner) {
      throw new ApiError(
        "bad_request",
        `settings.link_domain: ${toSave.link_domain} is ${advertisers[owner].name}'s link domain already: each advertiser needs its own, or their clicks would be counted as one's.`,
      );
    }
    const before = storedSettings(advertiser, withRiskRules(doc, risk));
    const settings: ProgrammeSettings = {
      ...toSave,
      risk_rules: toSave.risk_rules ?? before.risk_rules,
      recruit_share: toSave.recruit_share ?? before.recruit_share,
    };
    const changes = settingChanges(before, settings);
    if (changes.length === 0) return { version: current, changed: false, lowered: null };
    const version = current + 1;
    const rates = rateChangeOf(before, settings, loweredScope, version, now);
    if ("problem" in rates) throw new ApiError("bad_request", rates.problem);
    if (rates.change) await stageRateChange(tx, advertiser, current, before, rates.change);
    if (current === 0) {
      const original: SettingsVersion = {
        version: 0,
        effective_from: new Date(0),
        changed_by: null,
        changes: [],
        settings: before,
      };
      tx.create(refs.settingsVersions(advertiser).doc("0"), original);
    }
    const saved: SettingsVersion = {
      version,
      effective_from: now,
      changed_by: { uid: by.uid, email: by.email },
      changes,
      settings,
      ...(rates.lowered.length > 0 && loweredScope ? { lowered_rates: loweredScope } : {}),
    };
    tx.create(refs.settingsVersions(advertiser).doc(String(version)), saved);
    // mergeFields: each setting is replaced whole (a renewal rate taken out must go), the rest kept. The
    // risk rules go to their server-only document instead.
    const { risk_rules, ...publicSettings } = settings;
    const publicFields = settingFields.filter((field) => field !== "risk_rules");
    const lowered = rates.lowered.length > 0 ? { rates_lowered_at: now } : {};
    tx.set(
      docRef.withConverter(null),
      { ...publicSettings, settings_version: version, settings_updated_at: now, ...lowered },
      { mergeFields: [...publicFields, "settings_version", "settings_updated_at", ...Object.keys(lowered)] },
    );
    tx.set(riskRulesRef(advertiser), { rules: risk_rules, updated_at: now });
    return { version, changed: true, lowered: rates.lowered.length > 0 ? loweredScope! : null };
  });
  if (outcome.changed) forgetAdvertiserSettings();
  return outcome;
}
