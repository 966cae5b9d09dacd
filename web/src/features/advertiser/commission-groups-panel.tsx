/**
 * Commission groups on the settings page (issue 34): every group with its members and what they earn now;
 * admins create a group or edit one (each save its next version, in force from then). The default group is
 * the programme settings above, edited there. A group's rates are set per advertiser (blank: the
 * programme's); renewals keep the group's own, or the programme's in force when the group first sets a rate.
 */
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import { advertiserIds, advertisers, type AdvertiserId } from "@domain/advertisers";
import { daysText } from "@domain/payout-eligibility";
import { formatRatePercent } from "@domain/numbers";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Message } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { useAction } from "../../components/ui/use-action";
import { fetchGroups, saveGroup, type GroupView } from "./advertiser-api";
import { SaveOrCancel } from "./save-or-cancel";
import styles from "./advertiser.module.css";

/** The groups table's columns: name, members, each advertiser's first-sale rate now, the hold; the admin's edit. */
function columnsFor(isAdmin: boolean, edit: (group: GroupView) => void): Column<GroupView>[] {
  return [
    { header: "Group", rowHeader: true, cell: (group) => group.name },
    { header: "Affiliates", number: true, cell: (group) => group.members },
    ...advertiserIds.map((id): Column<GroupView> => ({
      header: advertisers[id].name,
      number: true,
      cell: (group) => formatRatePercent(group.in_force[id].commission_rate),
    })),
    { header: "Hold", cell: (group) => daysText(group.in_force.promptchan.hold_days) },
    ...(isAdmin
      ? [
          {
            header: "Version",
            cell: (group: GroupView) =>
              group.id === "default" ? (
                "Programme settings"
              ) : (
                <Button variant="ghost" size="small" onClick={() => edit(group)} aria-label={`Edit ${group.name}`}>
                  Edit (v{group.version})
                </Button>
              ),
          },
        ]
      : []),
  ];
}

export function CommissionGroupsPanel({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const key = ["commission-groups", user.uid];
  const queryClient = useQueryClient();
  const groups = useQuery({ queryKey: key, queryFn: () => fetchGroups(user) });
  // The group being edited ("new" for a new one), or none.
  const [editing, setEditing] = useState<GroupView | "new" | null>(null);
  if (groups.isPending) return <p className="muted">Loading the commission groups…</p>;
  if (groups.isError) {
    return (
      <Message tone="error" announce={false}>
        The commission groups could not be loaded: {groups.error.message}
      </Message>
    );
  }
  const programme = groups.data.find((group) => group.id === "default")!;
  return (
    <section className={styles.settings} aria-labelledby="commission-groups-heading">
      <h3 id="commission-groups-heading">Commission groups</h3>
      {/* On a phone each group stacks into a card (components/ui Table), so nothing scrolls sideways. */}
      <Table
        caption="Groups and what they pay now"
        columns={columnsFor(isAdmin, setEditing)}
        rows={groups.data}
        rowKey={(group) => group.id}
      />
      {isAdmin && editing === null ? (
        <Button size="small" onClick={() => setEditing("new")}>
          New group
        </Button>
      ) : null}
      {isAdmin && editing !== null ? (
        <GroupForm
          key={editing === "new" ? "new" : `${editing.id}-${editing.version}`}
          user={user}
          group={editing === "new" ? null : editing}
          programme={programme}
          onDone={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
    </section>
  );
}

/** A rate as the form shows it: a percentage, blank when the group leaves it to the programme. */
const rateText = (rate: number | undefined) =>
  rate === undefined ? "" : String(Math.round(rate * 1_000_000) / 10_000);

function GroupForm({
  user,
  group,
  programme,
  onDone,
}: {
  user: User;
  group: GroupView | null;
  programme: GroupView;
  onDone(): void;
}) {
  const [name, setName] = useState(group?.name ?? "");
  const [rates, setRates] = useState<Record<AdvertiserId, string>>(
    () =>
      Object.fromEntries(advertiserIds.map((id) => [id, rateText(group?.terms.rates[id]?.commission_rate)])) as Record<
        AdvertiserId,
        string
      >,
  );
  // Blank: the programme's setting (null in the group's terms).
  const [hold, setHold] = useState(String(group?.terms.hold_days ?? ""));
  const [minimum, setMinimum] = useState(String(group?.terms.minimum_payout ?? ""));
  const saving = useAction();

  function save() {
    const chosen = advertiserIds.filter((id) => rates[id].trim() !== "");
    const terms = {
      rates: Object.fromEntries(
        chosen.map((id) => [
          id,
          {
            commission_rate: Number(rates[id]) / 100,
            repeat_rates: group?.terms.rates[id]?.repeat_rates ?? programme.in_force[id].repeat_rates,
          },
        ]),
      ),
      hold_days: hold.trim() === "" ? null : Number(hold),
      minimum_payout: minimum.trim() === "" ? null : Number(minimum),
    };
    void saving.run(async () => {
      await saveGroup(user, group ? { id: group.id, version: group.version } : null, name, terms);
      onDone();
    });
  }

  return (
    <form
      aria-label={group ? `Edit ${group.name}` : "New commission group"}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset>
        <legend>{group ? `Edit ${group.name}` : "New commission group"}</legend>
        <p className="muted">Leave a field blank for the programme&apos;s setting. Saved, it is in force from now.</p>
        <div className={styles["settings-grid"]}>
          <Field id="group-name" label="Name" value={name} onChange={setName} required />
          {advertiserIds.map((id) => (
            <Field
              key={id}
              id={`group-rate-${id}`}
              label={`${advertisers[id].name} first-sale rate (%)`}
              type="number"
              value={rates[id]}
              onChange={(value) => setRates((current) => ({ ...current, [id]: value }))}
            />
          ))}
          <Field id="group-hold" label="Hold (days)" type="number" value={hold} onChange={setHold} />
          <Field id="group-minimum" label="Minimum payout ($)" type="number" value={minimum} onChange={setMinimum} />
        </div>
        <SaveOrCancel saving={saving} label="Save group" onCancel={onDone} />
      </fieldset>
    </form>
  );
}
