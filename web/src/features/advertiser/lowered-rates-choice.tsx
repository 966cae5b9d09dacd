/**
 * Promised terms (issue 34), as the admin saving settings meets them: a save that lowers a rate says whom the
 * lower rates reach. Affiliates who join from now (those who joined earlier keep theirs, for good), or
 * everyone from a notice date, before which the earlier affiliates are e-mailed.
 */
import { daysAfter } from "@domain/days";
import { maxNoticeDays, minNoticeDays, type LoweredRatesScope } from "@domain/promised-terms";
import { ChoiceButtons } from "../../components/ui/choice-buttons";
import { Field } from "../../components/ui/field";
import { formatDay } from "../../lib/dates";

export type LoweredRatesChoice = { appliesTo: LoweredRatesScope["applies_to"]; noticeDate: string };

/** The choice before the admin makes one: new affiliates only, and a month's notice ready if they pick everyone. */
export const initialLoweredRatesChoice = (): LoweredRatesChoice => ({
  appliesTo: "new_affiliates",
  noticeDate: daysAfter(new Date(), 30),
});

/** The choice as the API takes it. */
export function loweredRatesScope(choice: LoweredRatesChoice): LoweredRatesScope {
  return choice.appliesTo === "everyone"
    ? { applies_to: "everyone", notice_date: choice.noticeDate }
    : { applies_to: "new_affiliates" };
}

const labels: Record<LoweredRatesScope["applies_to"], string> = {
  new_affiliates: "New affiliates only",
  everyone: "Everyone, after notice",
};

export function LoweredRatesChoiceFields({
  id,
  lowered,
  choice,
  onChange,
}: {
  id: string;
  /** The rates the save lowers ("Commission rate", "Renewal #3"). */
  lowered: string[];
  choice: LoweredRatesChoice;
  onChange: (choice: LoweredRatesChoice) => void;
}) {
  return (
    <div>
      <p id={`${id}-label`}>
        This lowers the {lowered.join(", ")}. Affiliates keep the rates they joined on unless you give notice: whom do
        the lower rates reach?
      </p>
      <ChoiceButtons
        choices={["new_affiliates", "everyone"] as const}
        chosen={choice.appliesTo}
        onChoose={(appliesTo) => onChange({ ...choice, appliesTo })}
        labelOf={(value) => labels[value]}
        labelledBy={`${id}-label`}
      />
      {choice.appliesTo === "everyone" ? (
        <Field
          id={`${id}-notice`}
          label="From"
          type="date"
          value={choice.noticeDate}
          onChange={(noticeDate) => onChange({ ...choice, noticeDate })}
          hint={`${minNoticeDays} to ${maxNoticeDays} days ahead. Affiliates who joined earlier keep their rates until then and are e-mailed within a day.`}
        />
      ) : (
        <p className="muted">
          Affiliates who join from now earn the lower rates; those who joined before keep theirs
          {` (as of ${formatDay(new Date())})`}.
        </p>
      )}
    </div>
  );
}
