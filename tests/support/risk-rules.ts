/**
 * The programme-wide risk rules (issue 33), read and saved through the API as an admin does on the settings
 * page: for the serial tests that switch a rule on and put the rules back after.
 */
import { expect } from "vitest";
import type { RiskRules } from "../../functions/src/domain/risk-rules.ts";
import { api, type TestUser } from "./users.ts";

export interface PromptchanSettings {
  version: number;
  settings: Record<string, unknown> & { risk_rules: RiskRules };
}

/** The default advertiser's settings in force (its rules are the programme's). */
export async function promptchanSettings(admin: TestUser): Promise<PromptchanSettings> {
  const answer = await api(admin, "GET", "/api/programme_settings");
  expect(answer.status, answer.json.error).toBe(200);
  return (answer.json.advertisers as (PromptchanSettings & { advertiser: string })[]).find(
    (view) => view.advertiser === "promptchan",
  )!;
}

/** Saves `rules` as the next version of the settings, the rest as they are. */
export async function saveRiskRules(admin: TestUser, rules: RiskRules): Promise<void> {
  const now = await promptchanSettings(admin);
  const answer = await api(admin, "POST", "/api/programme_settings", {
    advertiser: "promptchan",
    version: now.version,
    settings: { ...now.settings, risk_rules: rules },
  });
  expect(answer.status, answer.json.error).toBe(200);
}
