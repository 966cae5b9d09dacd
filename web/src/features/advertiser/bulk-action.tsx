/**
 * What the due payouts' two lists share (due-payouts.tsx, ready-payouts.tsx): choosing affiliates one by
 * one or all at once, an action on the chosen ones confirmed first and run once, and its outcome said in
 * the page, with each one skipped named and why.
 */
import { formatCount } from "@domain/numbers";
import { useState, type ReactNode } from "react";
import type { PayoutDestination } from "@domain/payout-details";
import { Table, type Column } from "../../components/ui/table";
import { useAction } from "../../components/ui/use-action";
import type { AffiliateView } from "./affiliate-view";
import styles from "./advertiser.module.css";

/** An affiliate as the lists name them. */
export const nameOf = ({ row }: AffiliateView) => row.name || row.email || row.user_id;

export type Outcome<R> = R | { error: string };

/** The chosen affiliates among `views`, and an action on them that is confirmed, then run once. */
export function useBulkAction<R>(
  views: readonly AffiliateView[],
  run: (userIds: string[]) => Promise<R>,
  onDone: () => void,
) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<R | null>(null);
  const action = useAction();
  const selected = views.filter((view) => chosen.has(view.row.user_id));

  function toggle(uid: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(uid);
      else next.delete(uid);
      return next;
    });
  }

  async function start() {
    setConfirming(false);
    await action.run(async () => {
      setDone(await run(selected.map((view) => view.row.user_id)));
      setChosen(new Set());
    });
    onDone();
  }

  // A failure is said instead of what the run before did.
  const result: Outcome<R> | null = action.message ? { error: action.message.text } : done;
  return {
    selected,
    isChosen: (uid: string) => chosen.has(uid),
    toggle,
    chooseAll: (on: boolean) => setChosen(on ? new Set(views.map((view) => view.row.user_id)) : new Set()),
    confirming,
    setConfirming,
    busy: action.busy,
    result,
    start,
  };
}

/** The "All N" box that chooses every affiliate of a list, or none. */
export function ChooseAll({ count, all, onChange }: { count: number; all: boolean; onChange(on: boolean): void }) {
  return (
    <label className={styles["advertiser-filter"]}>
      <input type="checkbox" checked={all} onChange={(changed) => onChange(changed.target.checked)} />
      All {formatCount(count)}
    </label>
  );
}

/** What an action did: a sentence, then each affiliate it skipped, by name, and why. */
export function BulkOutcome({
  summary,
  skipped,
  views,
}: {
  summary: ReactNode;
  skipped: { user_id: string; reason: string | null }[];
  views: readonly AffiliateView[];
}) {
  const name = (uid: string) => {
    const view = views.find((candidate) => candidate.row.user_id === uid);
    return view ? nameOf(view) : uid;
  };
  return (
    <div role="status" className={styles["batch-result"]}>
      <p>
        {summary}
        {skipped.length > 0 ? ` Skipped ${formatCount(skipped.length)}:` : ""}
      </p>
      {skipped.length > 0 ? (
        <ul>
          {skipped.map((item) => (
            <li key={item.user_id}>
              {name(item.user_id)}: {item.reason ?? "not recorded yet; record it again."}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Where a payout goes, field by field, as the lists show it (a method line first when asked for). */
export function Destination({ destination, method }: { destination: PayoutDestination | null; method?: string }) {
  return (
    <>
      {method ? <span>{method}</span> : null}
      {(destination?.fields ?? []).map(([label, value]) => (
        <span key={label}>
          {label}: <code>{value}</code>
        </span>
      ))}
    </>
  );
}

/** The "Pay to" column: where each payout goes, across the whole card on a phone. */
export const payToColumn = (destination: (view: AffiliateView) => ReactNode): Column<AffiliateView> => ({
  header: "Pay to",
  cell: destination,
  wide: true,
  className: styles["due-destination"],
});

/**
 * A list of affiliates to choose from: a box to choose each, their name, the columns the list adds and their
 * risk rating.
 */
export function ChoiceTable({
  label,
  views,
  choice,
  chooseLabel,
  columns,
}: {
  label: string;
  views: readonly AffiliateView[];
  choice: Pick<ReturnType<typeof useBulkAction>, "isChosen" | "toggle">;
  chooseLabel: (name: string) => string;
  /** The list's own columns, the affiliate's name first. */
  columns: Column<AffiliateView>[];
}) {
  const chooseColumn: Column<AffiliateView> = {
    header: "Chosen",
    hideHeader: true,
    cell: (view) => (
      <input
        type="checkbox"
        aria-label={chooseLabel(nameOf(view))}
        checked={choice.isChosen(view.row.user_id)}
        onChange={(changed) => choice.toggle(view.row.user_id, changed.target.checked)}
      />
    ),
  };
  const ratingColumn: Column<AffiliateView> = { header: "Rating", cell: (view) => view.rating.label };
  return (
    <div className={styles["integration-log"]} tabIndex={0} role="region" aria-label={label}>
      <Table columns={[chooseColumn, ...columns, ratingColumn]} rows={views} rowKey={(view) => view.row.user_id} />
    </div>
  );
}
