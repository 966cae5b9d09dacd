import { Router } from "express";
import { programmeSettingsApi as api } from "../../contract/programme-settings.js";
import { changeForApi, settingsForApi, type SettingsVersion } from "../../domain/programme-settings.js";
import { programmeSettingsView, saveProgrammeSettings } from "../../data/programme-settings.js";
import { dayStart } from "../../domain/days.js";
import { formatInvoiceDate } from "../../domain/invoice.js";
import type { LoweredRatesScope } from "../../domain/promised-terms.js";
import { reply } from "../answers.js";
import { callerOf, requireAdmin, requireCaller, requireStaff } from "../auth.js";
import { parseBody } from "../inputs.js";

/** Programme settings (issue 19): every advertiser's terms for staff to see, and for admins to change. */
export const programmeSettingsRoutes = Router();

/** A version as the API gives it: times in ISO 8601, money in dollars. */
const versionView = (version: SettingsVersion) => ({
  ...version,
  effective_from: version.effective_from.toISOString(),
  changes: version.changes.map(changeForApi),
  settings: settingsForApi(version.settings),
});

/** What a save answers: from when, and for a lowered rate, whom it reaches and when. */
function savedMessage({ version, lowered }: { version: number; lowered: LoweredRatesScope | null }): string {
  const saved = `Saved as version ${version}: in force from now`;
  if (!lowered) return `${saved}.`;
  if (lowered.applies_to === "new_affiliates") {
    return `${saved} for affiliates who join from now; those who joined earlier keep their rates.`;
  }
  return `${saved} for affiliates who join from now; those who joined earlier keep their rates until ${formatInvoiceDate(dayStart(lowered.notice_date))}, and are e-mailed about it within a day.`;
}

// GET /api/programme_settings: each advertiser's settings in force, its version, and its latest versions.
programmeSettingsRoutes.get("/programme_settings", requireCaller, requireStaff, async (_req, res) => {
  const advertisers = await programmeSettingsView();
  reply(res, api["GET /api/programme_settings"], {
    advertisers: advertisers.map((advertiser) => ({
      ...advertiser,
      settings: settingsForApi(advertiser.settings),
      history: advertiser.history.map(versionView),
    })),
  });
});

// POST /api/programme_settings: saves an advertiser's settings as a new version, in force from now (admin).
programmeSettingsRoutes.post("/programme_settings", requireCaller, requireAdmin, async (req, res) => {
  const route = api["POST /api/programme_settings"];
  const { advertiser, version, settings, lowered_rates } = parseBody(route.body, req);
  const caller = callerOf(req);
  const outcome = await saveProgrammeSettings(
    advertiser,
    settings,
    version,
    { uid: caller.uid, email: caller.email },
    new Date(),
    lowered_rates,
  );
  reply(res, route, {
    advertiser,
    version: outcome.version,
    changed: outcome.changed,
    message: outcome.changed ? savedMessage(outcome) : "Nothing changed.",
  });
});
