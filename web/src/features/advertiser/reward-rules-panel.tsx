/**
 * Tiers and bonuses on the settings page (issue 34), beside the commission groups: each group's tiers (a
 * goal that moves its members to another group) and bonuses (a one-off amount for first sales in a
 * period); admins edit a group's, each save its next version, in force from then. Laid out as lists and a
 * stacked form, so a phone shows them without sideways scrolling.
 */
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { formatDollars } from "@domain/money";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { fetchGroups, fetchRewardRules, saveRewardRules, type GroupView, type RewardRulesView } from "./advertiser-api";
import { SaveOrCancel } from "./save-or-cancel";
import styles from "./advertiser.module.css";

type TierView = RewardRulesView["tiers"][number];
type BonusView = RewardRulesView["bonuses"][number];

const dollars = (amount: number) => formatDollars(Math.round(amount * 100));

/** A tier in words: "20 first sales in 30 days or $500 lifetime commission: to Gold". */
export function tierText(tier: TierView, groupName: (id: string) => string): string {
  const goals = [
    tier.first_sales_30d === null ? null : `${tier.first_sales_30d} first sales in 30 days`,
    tier.lifetime_commission === null ? null : `${dollars(tier.lifetime_commission)} lifetime commission`,
  ].filter((goal) => goal !== null);
  return `${goals.join(" or ")}: to ${groupName(tier.to_group)}`;
}

export const bonusText = (bonus: BonusView) =>
  `${bonus.name}: ${dollars(bonus.amount)} for ${bonus.first_sales} first sales, ${bonus.starts_on} to ${bonus.ends_on}`;

export function RewardRulesPanel({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const key = ["reward-rules", user.uid];
  const queryClient = useQueryClient();
  const groups = useQuery({ queryKey: ["commission-groups", user.uid], queryFn: () => fetchGroups(user) });
  const rules = useQuery({ queryKey: key, queryFn: () => fetchRewardRules(user) });
  const [editing, setEditing] = useState<string | null>(null);
  if (groups.isPending || rules.isPending) return <p className="muted">Loading the tiers and bonuses…</p>;
  if (groups.isError || rules.isError) {
    return (
      <Message tone="error" announce={false}>
        The tiers and bonuses could not be loaded: {(groups.error ?? rules.error)?.message}
      </Message>
    );
  }
  const groupName = (id: string) => groups.data.find((group) => group.id === id)?.name ?? id;
  const rulesOf = (id: string) => rules.data.find((saved) => saved.group_id === id);
  return (
    <section className={styles.settings} aria-labelledby="reward-rules-heading">
      <h3 id="reward-rules-heading">Tiers and bonuses</h3>
      <p className="muted">
        A tier moves a group&apos;s affiliates to another group once they reach its goal (it never moves anyone down); a
        bonus is credited once, when they make its first sales in its period.
      </p>
      {rules.data.length === 0 ? <p className="muted">No group has tiers or bonuses yet.</p> : null}
      {rules.data.map((saved) => (
        <div key={saved.group_id}>
          <h4>{groupName(saved.group_id)}</h4>
          <ul aria-label={`${groupName(saved.group_id)}'s tiers and bonuses`}>
            {saved.tiers.map((tier) => (
              <li key={tier.id}>Tier: {tierText(tier, groupName)}</li>
            ))}
            {saved.bonuses.map((bonus) => (
              <li key={bonus.id}>Bonus: {bonusText(bonus)}</li>
            ))}
          </ul>
        </div>
      ))}
      {isAdmin && editing === null ? <GroupChoice groups={groups.data} onChoose={setEditing} /> : null}
      {isAdmin && editing !== null ? (
        <RulesForm
          key={`${editing}-${rulesOf(editing)?.version ?? 0}`}
          user={user}
          groupId={editing}
          groups={groups.data}
          saved={rulesOf(editing)}
          onDone={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
    </section>
  );
}

function GroupChoice({ groups, onChoose }: { groups: GroupView[]; onChoose(id: string): void }) {
  const [chosen, setChosen] = useState(groups[0]!.id);
  return (
    <div className={styles["affiliate-actions"]}>
      <Field
        id="reward-group"
        label="Group"
        value={chosen}
        onChange={setChosen}
        options={groups.map((group) => ({ label: group.name, value: group.id }))}
        inline
      />
      <Button size="small" onClick={() => onChoose(chosen)}>
        Edit tiers and bonuses
      </Button>
    </div>
  );
}

/** A tier or bonus as the form edits it: every field a string (blank: none). */
interface TierDraft {
  id?: string;
  firstSales: string;
  commission: string;
  toGroup: string;
}
interface BonusDraft {
  id?: string;
  name: string;
  firstSales: string;
  startsOn: string;
  endsOn: string;
  amount: string;
}

const text = (value: number | null) => (value === null ? "" : String(value));
const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

function RulesForm({
  user,
  groupId,
  groups,
  saved,
  onDone,
}: {
  user: User;
  groupId: string;
  groups: GroupView[];
  saved: RewardRulesView | undefined;
  onDone(): void;
}) {
  const others = groups.filter((group) => group.id !== groupId);
  const [tiers, setTiers] = useState<TierDraft[]>(
    () =>
      saved?.tiers.map((tier) => ({
        id: tier.id,
        firstSales: text(tier.first_sales_30d),
        commission: text(tier.lifetime_commission),
        toGroup: tier.to_group,
      })) ?? [],
  );
  const [bonuses, setBonuses] = useState<BonusDraft[]>(
    () =>
      saved?.bonuses.map((bonus) => ({
        id: bonus.id,
        name: bonus.name,
        firstSales: String(bonus.first_sales),
        startsOn: bonus.starts_on,
        endsOn: bonus.ends_on,
        amount: String(bonus.amount),
      })) ?? [],
  );
  const saving = useAction();
  const name = groups.find((group) => group.id === groupId)?.name ?? groupId;
  const editTier = (i: number, change: Partial<TierDraft>) =>
    setTiers((current) => current.map((tier, j) => (j === i ? { ...tier, ...change } : tier)));
  const editBonus = (i: number, change: Partial<BonusDraft>) =>
    setBonuses((current) => current.map((bonus, j) => (j === i ? { ...bonus, ...change } : bonus)));

  function save() {
    void saving.run(async () => {
      await saveRewardRules(user, {
        group_id: groupId,
        version: saved?.version ?? 0,
        tiers: tiers.map((tier) => ({
          ...(tier.id ? { id: tier.id } : {}),
          first_sales_30d: numberOrNull(tier.firstSales),
          lifetime_commission: numberOrNull(tier.commission),
          to_group: tier.toGroup,
        })),
        bonuses: bonuses.map((bonus) => ({
          ...(bonus.id ? { id: bonus.id } : {}),
          name: bonus.name,
          first_sales: Number(bonus.firstSales),
          starts_on: bonus.startsOn.trim(),
          ends_on: bonus.endsOn.trim(),
          amount: Number(bonus.amount),
        })),
      });
      onDone();
    });
  }

  return (
    <form
      aria-label={`Tiers and bonuses of ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset>
        <legend>Tiers and bonuses of {name}</legend>
        <p className="muted">Saved, they are in force from now: each member&apos;s next sale is checked.</p>
        {tiers.map((tier, i) => (
          <fieldset key={tier.id ?? `new-${i}`}>
            <legend>Tier {i + 1}</legend>
            <div className={styles["settings-grid"]}>
              <Field
                id={`tier-${i}-first-sales`}
                label="First sales in 30 days"
                type="number"
                value={tier.firstSales}
                onChange={(value) => editTier(i, { firstSales: value })}
              />
              <Field
                id={`tier-${i}-commission`}
                label="Or lifetime commission ($)"
                type="number"
                value={tier.commission}
                onChange={(value) => editTier(i, { commission: value })}
              />
              <Field
                id={`tier-${i}-to`}
                label="Move to group"
                value={tier.toGroup}
                onChange={(value) => editTier(i, { toGroup: value })}
                options={others.map((group) => ({ label: group.name, value: group.id }))}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="small"
              onClick={() => setTiers((current) => current.filter((_, j) => j !== i))}
            >
              Remove tier {i + 1}
            </Button>
          </fieldset>
        ))}
        {bonuses.map((bonus, i) => (
          <fieldset key={bonus.id ?? `new-${i}`}>
            <legend>Bonus {i + 1}</legend>
            <div className={styles["settings-grid"]}>
              <Field
                id={`bonus-${i}-name`}
                label="Name"
                value={bonus.name}
                onChange={(value) => editBonus(i, { name: value })}
              />
              <Field
                id={`bonus-${i}-first-sales`}
                label="First sales"
                type="number"
                value={bonus.firstSales}
                onChange={(value) => editBonus(i, { firstSales: value })}
              />
              <Field
                id={`bonus-${i}-from`}
                label="From (yyyy-mm-dd)"
                value={bonus.startsOn}
                onChange={(value) => editBonus(i, { startsOn: value })}
              />
              <Field
                id={`bonus-${i}-to`}
                label="To (yyyy-mm-dd)"
                value={bonus.endsOn}
                onChange={(value) => editBonus(i, { endsOn: value })}
              />
              <Field
                id={`bonus-${i}-amount`}
                label="Amount ($)"
                type="number"
                value={bonus.amount}
                onChange={(value) => editBonus(i, { amount: value })}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="small"
              onClick={() => setBonuses((current) => current.filter((_, j) => j !== i))}
            >
              Remove bonus {i + 1}
            </Button>
          </fieldset>
        ))}
        <div className={styles["affiliate-actions"]}>
          {others.length > 0 ? (
            <Button
              type="button"
              variant="ghost"
              size="small"
              onClick={() =>
                setTiers((current) => [...current, { firstSales: "", commission: "", toGroup: others[0]!.id }])
              }
            >
              Add tier
            </Button>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            size="small"
            onClick={() =>
              setBonuses((current) => [...current, { name: "", firstSales: "", startsOn: "", endsOn: "", amount: "" }])
            }
          >
            Add bonus
          </Button>
        </div>
        <SaveOrCancel saving={saving} label="Save tiers and bonuses" onCancel={onDone} />
      </fieldset>
    </form>
  );
}
