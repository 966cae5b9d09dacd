/** Programme settings (issue 19): every advertiser's terms for staff to see, and for admins to change. */
import { z } from "zod";
import { advertiserIds } from "../domain/advertisers.js";
import { programmeSettingsSchema, settingFields } from "../domain/programme-settings.js";
import { maxNoticeDays, minNoticeDays } from "../domain/promised-terms.js";
import { advertiserId, isoDay, isoTime, recorder } from "./fields.js";
import { staffOnly, type Routes } from "./route.js";

/** The settings as the API gives and takes them: the stored form, with the minimum payout in dollars. */
export const settingsView = programmeSettingsSchema.in.meta({
  id: "ProgrammeSettings",
  example: {
    commission_rate: 0.6,
    repeat_rates: { "1": 0.5, "2": 0.5 },
    hold_days: 30,
    attribution_window_days: 30,
    link_domain: "https://promptchan.ai",
    landing_pages: ["", "/ai-porn"],
    minimum_payout: 200,
    payout_interval_days: 30,
  },
});

/** A change as the history shows it: the field as the API names it, before and after. */
const settingChange = z.strictObject({
  field: z.union([z.enum(settingFields).exclude(["minimum_payout_cents"]), z.literal("minimum_payout")]),
  from: z.unknown(),
  to: z.unknown(),
});

/** Whom a save's lowered rates apply to (promised terms, issue 34). */
export const loweredRatesScope = z
  .discriminatedUnion(
    "applies_to",
    [
      z.strictObject({ applies_to: z.literal("new_affiliates") }),
      z.strictObject({ applies_to: z.literal("everyone"), notice_date: isoDay }),
    ],
    {
      error: 'must be { "applies_to": "new_affiliates" } or { "applies_to": "everyone", "notice_date": "YYYY-MM-DD" }.',
    },
  )
  .meta({
    id: "LoweredRates",
    description: `Whom lower rates apply to: affiliates who join from now only (those who joined earlier keep theirs), or everyone from a notice date ${minNoticeDays} to ${maxNoticeDays} days ahead (affiliates who joined earlier are e-mailed before it).`,
    example: { applies_to: "everyone", notice_date: "2027-01-01" },
  });

export const settingsVersion = z
  .strictObject({
    version: z.number().int(),
    effective_from: isoTime,
    changed_by: recorder
      .nullable()
      .meta({ description: "Null for version 0, the settings before any admin changed them." }),
    changes: z.array(settingChange),
    settings: settingsView,
    lowered_rates: loweredRatesScope.optional().meta({ description: "Whom the rates it lowered apply to." }),
  })
  .meta({ id: "SettingsVersion" });

export const advertiserSettings = z
  .strictObject({
    advertiser: z.enum(advertiserIds),
    version: z.number().int(),
    settings: settingsView,
    history: z.array(settingsVersion).meta({ description: "The 20 newest versions, newest first." }),
  })
  .meta({ id: "AdvertiserSettings" });

export type SettingsVersion = z.output<typeof settingsVersion>;
export type AdvertiserSettings = z.output<typeof advertiserSettings>;

export const programmeSettingsApi = {
  "GET /api/programme_settings": {
    summary: "Each advertiser's programme settings in force, its version, and its 20 newest versions.",
    tag: "Programme",
    access: "staff",
    response: z.strictObject({ advertisers: z.array(advertiserSettings) }),
    refusals: staffOnly,
  },
  "POST /api/programme_settings": {
    summary: "Saves an advertiser's settings as the next version, in force from now.",
    description:
      "Refuses a bad value with the field and reason (400; a link domain another advertiser has, naming it), a save that lowers a rate without `lowered_rates` (400, naming the rates), and a save on top of someone else's newer version (409). Affiliates keep the rates they joined on: lower rates reach those who joined earlier only from an `everyone` notice date.",
    tag: "Programme",
    access: "admin",
    body: z.strictObject({
      advertiser: advertiserId,
      /** The version the admin loaded: a save on top of someone else's newer one is refused. */
      version: z.number({ error: "must be the version you loaded." }).int().min(0),
      settings: programmeSettingsSchema,
      /** Required when the settings lower a rate: whom the lower rates apply to. */
      lowered_rates: loweredRatesScope.optional(),
    }),
    response: z.strictObject({
      advertiser: z.enum(advertiserIds),
      version: z.number().int(),
      changed: z.boolean(),
      message: z.string(),
    }),
    refusals: { 403: "Not an admin.", 409: "The settings changed since the version you loaded." },
  },
} as const satisfies Routes;
