/**
 * Programme settings (issue 19), per advertiser: the terms affiliates earn on (commission and renewal
 * rates, the hold before commission can be paid out), how clicks are tracked (attribution window, link
 * domain, landing pages), and every version saved, with who changed what and when. Admins change them;
 * advertiser staff see them.
 */
import { useState, type FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { advertisers, defaultAdvertiserId, type AdvertiserId } from "@domain/advertisers";
import { landingPages } from "@domain/landing-pages";
import {
  changeForApi,
  describeChange,
  formatSetting,
  programmeSettingsSchema,
  settingChanges,
  settingFields,
  settingLabels,
  storedField,
  type ApiSettingChange,
  type ApiSettingField,
  type ProgrammeSettings,
  type SettingsInput,
} from "@domain/programme-settings";
import {
  defaultRiskRules,
  riskActionLabels,
  riskActions,
  riskFamilies,
  riskFamilyInfo,
  type RiskAction,
  type RiskFamily,
  type RiskRules,
} from "@domain/risk-rules";
import { defaultRecruitShare, type RecruitShareTerms } from "@domain/recruits";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Message } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { useAction, type Action } from "../../components/ui/use-action";
import {
  fetchProgrammeSettings,
  saveProgrammeSettings,
  type AdvertiserSettingsView,
  type SettingsVersionView,
} from "./advertiser-api";
import { formatDay, formatMoment } from "../../lib/dates";
import { loweredRates, type LoweredRatesScope, type PromisedRates } from "@domain/promised-terms";
import { initialLoweredRatesChoice, LoweredRatesChoiceFields, loweredRatesScope } from "./lowered-rates-choice";
import { PerAdvertiserPanel } from "./disclosure-panel";
import { RiskRuleSimulation } from "./risk-simulation";
import styles from "./advertiser.module.css";
import sectionStyles from "./advertiser-sections.module.css";

export function ProgrammeSettingsPanel({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  return (
    <PerAdvertiserPanel
      id="programme-settings"
      heading="Programme settings"
      lead={
        isAdmin
          ? "Commission and renewal rates, the hold before commission can be paid out, and how links track: each save is a new version, in force from that moment."
          : "The terms affiliates earn on and how links track, with every change made. Only an admin can change them."
      }
    >
      {(advertiser) => <SettingsView key={advertiser} user={user} advertiser={advertiser} isAdmin={isAdmin} />}
    </PerAdvertiserPanel>
  );
}

/** The form's values as typed: percentages and days as text, until they are saved. */
interface Form {
  commission: string;
  renewals: string[];
  hold: string;
  window: string;
  linkDomain: string;
  landing: string[];
  minimumPayout: string;
  payoutInterval: string;
  /** The recruiter's share (issue 34): its percentage, months and levels as typed. */
  recruitRate: string;
  recruitMonths: string;
  recruitLevels: string;
  /** The risk rules as the selects and threshold inputs hold them (programme-wide: the default advertiser's). */
  risk: Record<RiskFamily, { choice: "off" | RiskAction; threshold: string }>;
}

const percentText = (rate: number) => String(Math.round(rate * 1_000_000) / 10_000);

function toForm(settings: SettingsInput): Form {
  const count = Math.max(0, ...Object.keys(settings.repeat_rates).map(Number));
  return {
    commission: percentText(settings.commission_rate),
    renewals: Array.from({ length: count }, (_, i) => percentText(settings.repeat_rates[String(i + 1)] ?? 0)),
    hold: String(settings.hold_days),
    window: String(settings.attribution_window_days),
    linkDomain: settings.link_domain,
    landing: [...settings.landing_pages],
    minimumPayout: String(settings.minimum_payout),
    payoutInterval: String(settings.payout_interval_days),
    ...recruitFormOf(settings.recruit_share ?? defaultRecruitShare()),
    risk: riskFormOf(settings.risk_rules ?? defaultRiskRules()),
  };
}

function riskFormOf(rules: RiskRules): Form["risk"] {
  return Object.fromEntries(
    riskFamilies.map((family) => {
      const rule = rules[family];
      return [family, { choice: rule.enabled ? rule.action : "off", threshold: String(rule.threshold ?? "") }];
    }),
  ) as Form["risk"];
}

/** Off is a rule kept with its action (the first one, flag); a family without a threshold sends none. */
function riskRulesOf(risk: Form["risk"]): Record<RiskFamily, unknown> {
  return Object.fromEntries(
    riskFamilies.map((family) => {
      const { choice, threshold } = risk[family];
      const rule = {
        enabled: choice !== "off",
        action: choice === "off" ? "flag" : choice,
        ...(riskFamilyInfo[family].threshold ? { threshold: numberOf(threshold) } : {}),
      };
      return [family, rule];
    }),
  ) as Record<RiskFamily, unknown>;
}

/** A typed number, or NaN (which the schema refuses with the field's reason); a percentage becomes a rate. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const rateOf = (percent: string) => Math.round(numberOf(percent) * 10_000) / 1_000_000;

function recruitFormOf(share: RecruitShareTerms): Pick<Form, "recruitRate" | "recruitMonths" | "recruitLevels"> {
  return {
    recruitRate: percentText(share.rate),
    recruitMonths: String(share.months),
    recruitLevels: String(share.levels),
  };
}

function fromForm(form: Form): Record<ApiSettingField, unknown> {
  return {
    commission_rate: rateOf(form.commission),
    repeat_rates: Object.fromEntries(form.renewals.map((percent, i) => [String(i + 1), rateOf(percent)])),
    hold_days: numberOf(form.hold),
    attribution_window_days: numberOf(form.window),
    link_domain: form.linkDomain,
    landing_pages: form.landing,
    minimum_payout: numberOf(form.minimumPayout),
    payout_interval_days: numberOf(form.payoutInterval),
    risk_rules: riskRulesOf(form.risk),
    recruit_share: {
      rate: rateOf(form.recruitRate),
      months: numberOf(form.recruitMonths),
      levels: numberOf(form.recruitLevels),
    },
  };
}

/** The rates are typed as percentages: their limits are said in percent too, not as the API's fractions. */
const percentMessages: Partial<Record<string, string>> = {
  too_big: "must be at most 100%.",
  too_small: "must not be below 0%.",
};

/** The first problem with the settings, named by the field's label as the page shows it. */
function problemOf(settings: Record<ApiSettingField, unknown>): string | null {
  const checked = programmeSettingsSchema.safeParse(settings);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  const field = issue.path[0] as ApiSettingField;
  const renewal = field === "repeat_rates" && issue.path[1] !== undefined ? ` (renewal ${String(issue.path[1])})` : "";
  const family = field === "risk_rules" ? riskFamilyInfo[issue.path[1] as RiskFamily] : undefined;
  const rule = family ? ` (${family.label})` : "";
  const isRate = field === "commission_rate" || field === "repeat_rates";
  const message = (isRate ? percentMessages[issue.code] : undefined) ?? issue.message;
  return `${settingLabels[storedField(field)] ?? field}${renewal}${rule}: ${message}`;
}

/** What a save would change, field by field, as the version history will say it (money in dollars). */
function changesOf(view: AdvertiserSettingsView, settings: Record<ApiSettingField, unknown>): ApiSettingChange[] {
  const before = programmeSettingsSchema.parse(view.settings);
  const after = programmeSettingsSchema.parse(settings);
  return settingChanges(before, after).map(changeForApi);
}

/** The settings typed as one value each, in the page's order. */
interface SettingInput {
  field:
    | "commission"
    | "hold"
    | "window"
    | "linkDomain"
    | "minimumPayout"
    | "payoutInterval"
    | "recruitRate"
    | "recruitMonths"
    | "recruitLevels";
  label: string;
  type: "number" | "text";
  hint: string;
}

const settingInputs: SettingInput[] = [
  { field: "commission", label: "Commission rate (%)", type: "number", hint: "Of a customer's first payment." },
  {
    field: "hold",
    label: "Hold period (days)",
    type: "number",
    hint: "Before a sale's commission can be paid out; a refund inside it cancels the commission.",
  },
  {
    field: "window",
    label: "Attribution window (days)",
    type: "number",
    hint: "How long after a click a conversion is credited to it.",
  },
  {
    field: "linkDomain",
    label: "Link domain",
    type: "text",
    hint: "Where tracking links point. Servers pick up a new domain within 5 minutes.",
  },
];

/** The payout rules: one balance per affiliate across the advertisers, so they are set once, on the default's. */
const payoutInputs: SettingInput[] = [
  {
    field: "minimumPayout",
    label: "Minimum payout ($)",
    type: "number",
    hint: "The smallest payable balance an affiliate can request.",
  },
  {
    field: "payoutInterval",
    label: "Days between payouts",
    type: "number",
    hint: "After a payout, the next can be requested once this many days have passed.",
  },
];

/** What recruiters earn from their recruits' commissions (issue 34, docs/recruits.md). */
const recruitInputs: SettingInput[] = [
  {
    field: "recruitRate",
    label: "Recruiter's share (%)",
    type: "number",
    hint: "Of each commission a recruit earns, credited to the affiliate who recruited them.",
  },
  {
    field: "recruitMonths",
    label: "Share for (months)",
    type: "number",
    hint: "From the recruit's sign-up; their sales after that earn the recruiter nothing.",
  },
  {
    field: "recruitLevels",
    label: "Levels of recruiters",
    type: "number",
    hint: "1: only the direct recruiter earns it; up to 3 counts their recruiters too.",
  },
];

function SettingsView({ user, advertiser, isAdmin }: { user: User; advertiser: AdvertiserId; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const key = ["programme-settings", user.uid];
  const query = useQuery({ queryKey: key, queryFn: () => fetchProgrammeSettings(user) });
  // Kept here: a save makes a new version, and the form is made afresh for it, message and all.
  const saving = useAction();
  const view = query.data?.advertisers.find((entry) => entry.advertiser === advertiser);
  if (query.isPending) return <p className="muted">Loading the settings…</p>;
  if (query.isError || !view) {
    return (
      <Message tone="error" announce={false}>
        The settings could not be loaded: {query.error?.message ?? "no such advertiser"}
      </Message>
    );
  }
  if (!isAdmin) {
    return (
      <div className={styles.settings}>
        <SettingsSummary view={view} />
        <SettingsHistory history={view.history} />
      </div>
    );
  }
  return (
    <SettingsForm
      key={view.version}
      user={user}
      view={view}
      saving={saving}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: key })}
    />
  );
}

function SettingsForm({
  user,
  view,
  saving,
  onSaved,
}: {
  user: User;
  view: AdvertiserSettingsView;
  /** The save, with what the last save or check said. */
  saving: Action;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<Form>(() => toForm(view.settings));
  const busy = saving.busy;
  const id = (name: string) => `settings-${view.advertiser}-${name}`;
  const set = (field: keyof Form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const setRenewal = (index: number, value: string) =>
    setForm((current) => ({ ...current, renewals: current.renewals.map((r, i) => (i === index ? value : r)) }));
  const toggleLanding = (path: string, on: boolean) =>
    setForm((current) => ({
      ...current,
      landing: on ? [...current.landing, path] : current.landing.filter((value) => value !== path),
    }));

  const settingField = (input: SettingInput) => (
    <Field
      key={input.field}
      id={id(input.field)}
      label={input.label}
      type={input.type}
      value={form[input.field]}
      onChange={set(input.field)}
      hint={input.hint}
    />
  );

  // The settings checked for saving and what they change, shown for a yes before anything is saved (the
  // dialog is open while set).
  const [confirming, setConfirming] = useState<{
    settings: Record<ApiSettingField, unknown>;
    changes: ApiSettingChange[];
    /** The rates the save lowers (promised terms): the dialog asks whom the lower rates reach. */
    lowered: string[];
  } | null>(null);
  const [loweredChoice, setLoweredChoice] = useState(initialLoweredRatesChoice);

  function save(event: FormEvent) {
    event.preventDefault();
    const settings = fromForm(form);
    const problem = problemOf(settings);
    if (problem) return saving.say({ tone: "error", text: problem });
    const changes = changesOf(view, settings);
    if (changes.length === 0)
      return saving.say({ tone: "info", text: "Nothing to save: these are the settings in force." });
    setConfirming({ settings, changes, lowered: loweredRates(view.settings, settings as PromisedRates) });
  }

  function confirmSave() {
    if (!confirming) return;
    const { settings, lowered } = confirming;
    setConfirming(null);
    const scope = lowered.length > 0 ? loweredRatesScope(loweredChoice) : undefined;
    void saving.run(async () => {
      const saved = await saveProgrammeSettings(user, view.advertiser, view.version, settings, scope);
      if (saved.changed) onSaved();
      return { tone: "success", text: saved.message };
    });
  }

  return (
    <div className={styles.settings}>
      <form onSubmit={save} noValidate aria-label={`${advertisers[view.advertiser].name} programme settings`}>
        <fieldset disabled={busy}>
          <div className={styles["settings-grid"]}>{settingInputs.map((input) => settingField(input))}</div>
          <fieldset className={styles["settings-renewals"]}>
            <legend>Renewal rates (%)</legend>
            {form.renewals.length === 0 ? <p className="muted">Renewals earn no commission.</p> : null}
            <ol>
              {form.renewals.map((percent, index) => (
                <li key={index}>
                  <label>
                    <span>Renewal {index + 1}</span>
                    <input
                      type="number"
                      value={percent}
                      onChange={(event) => setRenewal(index, event.target.value)}
                      onWheel={(event) => event.currentTarget.blur()}
                    />
                  </label>
                </li>
              ))}
            </ol>
            <div className={styles["settings-actions"]}>
              <Button
                variant="ghost"
                size="small"
                onClick={() =>
                  setForm((current) => ({
                    ...current,
                    renewals: [...current.renewals, current.renewals.at(-1) ?? "50"],
                  }))
                }
              >
                Add a renewal
              </Button>
              <Button
                variant="ghost"
                size="small"
                disabled={form.renewals.length === 0}
                onClick={() => setForm((current) => ({ ...current, renewals: current.renewals.slice(0, -1) }))}
              >
                Remove the last
              </Button>
            </div>
          </fieldset>
          <fieldset className={styles["settings-landing"]}>
            <legend>Landing pages affiliates may link to</legend>
            {landingPages.map((page) => (
              <label key={page.value} className={styles["advertiser-filter"]}>
                <input
                  type="checkbox"
                  checked={form.landing.includes(page.value)}
                  disabled={page.value === ""}
                  onChange={(event) => toggleLanding(page.value, event.target.checked)}
                />
                {page.label}
              </label>
            ))}
          </fieldset>
          <fieldset className={styles["settings-payouts"]}>
            <legend>Payouts, for the whole programme</legend>
            {view.advertiser === defaultAdvertiserId ? (
              <div className={styles["settings-grid"]}>{payoutInputs.map((input) => settingField(input))}</div>
            ) : (
              <p className="muted">
                An affiliate has one balance across the advertisers: the minimum payout and the days between payouts are
                set under {advertisers[defaultAdvertiserId].name}.
              </p>
            )}
          </fieldset>
          <fieldset className={styles["settings-payouts"]}>
            <legend>Affiliates who recruit affiliates</legend>
            <div className={styles["settings-grid"]}>{recruitInputs.map((input) => settingField(input))}</div>
          </fieldset>
          {view.advertiser === defaultAdvertiserId ? (
            <RiskRulesFields
              user={user}
              risk={form.risk}
              id={id}
              onChange={(family, rule) =>
                setForm((current) => ({ ...current, risk: { ...current.risk, [family]: rule } }))
              }
            />
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save settings"}
          </Button>
        </fieldset>
        {saving.message ? <Message tone={saving.message.tone}>{saving.message.text}</Message> : null}
      </form>
      <SettingsHistory history={view.history} />
      <Dialog
        open={confirming !== null}
        title={`Save ${advertisers[view.advertiser].name}'s settings?`}
        onClose={() => setConfirming(null)}
        closeLabel="Cancel"
        actions={<Button onClick={confirmSave}>Save settings</Button>}
      >
        <p>
          {confirming && confirming.lowered.length > 0
            ? `For ${advertisers[view.advertiser].name}, from the moment you save (sales already made keep their terms):`
            : `For every affiliate of ${advertisers[view.advertiser].name}, from the moment you save (sales already made keep their terms):`}
        </p>
        <ul className={sectionStyles["settings-confirm"]}>
          {confirming?.changes.map((change) => (
            <li key={change.field}>{describeChange(change)}</li>
          ))}
        </ul>
        {confirming && confirming.lowered.length > 0 ? (
          <LoweredRatesChoiceFields
            id={id("lowered")}
            lowered={confirming.lowered}
            choice={loweredChoice}
            onChange={setLoweredChoice}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

const programmeWideFields = new Set<string>(["minimum_payout_cents", "payout_interval_days", "risk_rules"]);

/** A setting as staff read it: the landing pages by name, the rest as the history writes them. */
function shownSetting(field: (typeof settingFields)[number], settings: ProgrammeSettings): string {
  if (field === "landing_pages") {
    return landingPages
      .filter((page) => settings.landing_pages.includes(page.value))
      .map((page) => page.label)
      .join(", ");
  }
  return formatSetting(field, settings[field]);
}

/** Staff see the terms as text, not as a form they cannot use: read-only, and looking it. */
function SettingsSummary({ view }: { view: AdvertiserSettingsView }) {
  const parsed = programmeSettingsSchema.parse(view.settings);
  const settings = {
    ...parsed,
    risk_rules: parsed.risk_rules ?? defaultRiskRules(),
    recruit_share: parsed.recruit_share ?? defaultRecruitShare(),
  };
  // The payout and risk rules are the programme's, set on the default advertiser only.
  const fields = settingFields.filter(
    (field) => view.advertiser === defaultAdvertiserId || !programmeWideFields.has(field),
  );
  return (
    <dl
      className={sectionStyles["settings-summary"]}
      aria-label={`${advertisers[view.advertiser].name} programme settings`}
    >
      {fields.map((field) => (
        <div key={field}>
          <dt>{settingLabels[field]}</dt>
          <dd>{shownSetting(field, settings)}</dd>
        </div>
      ))}
    </dl>
  );
}

const versionColumns: Column<SettingsVersionView>[] = [
  { header: "Version", cell: (version) => version.version },
  {
    header: "In force from",
    cell: (version) => (version.version === 0 ? "The start" : formatMoment(new Date(version.effective_from))),
  },
  { header: "By", cell: (version) => version.changed_by?.email ?? "—" },
  {
    header: "Changes",
    wide: true,
    cell: (version) =>
      version.version === 0 ? (
        "The original terms"
      ) : (
        <>
          {version.changes.map((change) => (
            <span key={change.field} className={styles["settings-change"]}>
              {describeChange(change)}
            </span>
          ))}
          {version.lowered_rates ? (
            <span className={styles["settings-change"]}>{loweredRatesNote(version.lowered_rates)}</span>
          ) : null}
        </>
      ),
  },
];

/** Whom a version's lowered rates reached, as the history says it. */
const loweredRatesNote = (scope: LoweredRatesScope) =>
  scope.applies_to === "everyone"
    ? `Lower rates for everyone from ${formatDay(scope.notice_date)}`
    : "Lower rates for new affiliates only";

function SettingsHistory({ history }: { history: SettingsVersionView[] }) {
  return (
    <section aria-label="Versions">
      <h3>Versions</h3>
      {history.length === 0 ? (
        <p className="muted">Never changed: these are the programme's original terms.</p>
      ) : (
        // Focusable, so keys scroll it too when it is wider than the panel.
        <div className={styles["settings-history"]} tabIndex={0} role="region" aria-label="Versions, newest first">
          <Table columns={versionColumns} rows={history} rowKey={(version) => String(version.version)} />
        </div>
      )}
    </section>
  );
}

const riskChoices: { value: "off" | RiskAction; label: string }[] = [
  { value: "off", label: "Off" },
  ...riskActions.map((action) => ({ value: action, label: riskActionLabels[action] })),
];

/**
 * The risk rules (issue 33), programme-wide: a select per signal family, its threshold where it has one, and
 * Simulate: who the rule as edited would have caught over the last 90 days (a rule still off, as flag only).
 */
function RiskRulesFields({
  user,
  risk,
  id,
  onChange,
}: {
  user: User;
  risk: Form["risk"];
  id: (name: string) => string;
  onChange: (family: RiskFamily, rule: Form["risk"][RiskFamily]) => void;
}) {
  return (
    <fieldset className={styles["settings-payouts"]}>
      <legend>Risk rules, for the whole programme</legend>
      <div className={styles["settings-risk-rules"]}>
        {riskFamilies.map((family) => {
          const info = riskFamilyInfo[family];
          const rule = risk[family];
          return (
            <div key={family} className={styles["settings-risk-rule"]}>
              <div className={styles["settings-grid"]}>
                <div className={styles["settings-risk-choice"]}>
                  <label htmlFor={id(`risk-${family}`)}>{info.label}</label>
                  <select
                    id={id(`risk-${family}`)}
                    value={rule.choice}
                    onChange={(event) =>
                      onChange(family, { ...rule, choice: event.target.value as typeof rule.choice })
                    }
                  >
                    {riskChoices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                </div>
                {info.threshold ? (
                  <Field
                    id={id(`risk-${family}-threshold`)}
                    label={info.threshold.label}
                    type="number"
                    value={rule.threshold}
                    onChange={(threshold) => onChange(family, { ...rule, threshold })}
                    hint={`From ${info.threshold.min} to ${info.threshold.max}.`}
                  />
                ) : null}
              </div>
              <RiskRuleSimulation
                user={user}
                label={info.label}
                rule={{
                  family,
                  action: rule.choice === "off" ? "flag" : rule.choice,
                  threshold: info.threshold ? numberOf(rule.threshold) : undefined,
                }}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
