/**
 * What the due payouts' two lists share (due-payouts.tsx, ready-payouts.tsx): choosing affiliates one by
 * one or all at once, an action on the chosen ones confirmed first and run once, and its outcome said in
 * the page, with each one skipped named and why.
 */
import { useState, type ReactNode } from "react";
import type { PayoutDestination } from "@domain/payout-details";
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
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome<R> | null>(null);
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
    setBusy(true);
    try {
      setResult(await run(selected.map((view) => view.row.user_id)));
      setChosen(new Set());
    } catch (error) {
      setResult({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
      onDone();
    }
  }

  return {
    selected,
    isChosen: (uid: string) => chosen.has(uid),
    toggle,
    chooseAll: (on: boolean) => setChosen(on ? new Set(views.map((view) => view.row.user_id)) : new Set()),
    confirming,
    setConfirming,
    busy,
    result,
    start,
  };
}

/** The "All N" box that chooses every affiliate of a list, or none. */
export function ChooseAll({ count, all, onChange }: { count: number; all: boolean; onChange(on: boolean): void }) {
  return (
    <label className={styles["advertiser-filter"]}>
      <input type="checkbox" checked={all} onChange={(changed) => onChange(changed.target.checked)} />
      All {count.toLocaleString("en-US")}
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
        {skipped.length > 0 ? ` Skipped ${skipped.length.toLocaleString("en-US")}:` : ""}
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
export function DestinationCell({ destination, method }: { destination: PayoutDestination | null; method?: string }) {
  return (
    <td className={styles["due-destination"]}>
      {method ? <span>{method}</span> : null}
      {(destination?.fields ?? []).map(([label, value]) => (
        <span key={label}>
          {label}: <code>{value}</code>
        </span>
      ))}
    </td>
  );
}

/**
 * A list of affiliates to choose from: a box to choose each, their name, the columns the list adds (`columns`
 * heads them, `cells` fills them) and their risk rating.
 */
export function ChoiceTable({
  label,
  views,
  choice,
  chooseLabel,
  columns,
  cells,
}: {
  label: string;
  views: readonly AffiliateView[];
  choice: Pick<ReturnType<typeof useBulkAction>, "isChosen" | "toggle">;
  chooseLabel: (name: string) => string;
  columns: { label: string; number?: boolean }[];
  cells: (view: AffiliateView) => ReactNode;
}) {
  return (
    <div className={styles["integration-log"]} tabIndex={0} role="region" aria-label={label}>
      <table className={styles["advertiser-table"]}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Chosen</span>
            </th>
            <th scope="col">Affiliate</th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.number ? styles.number : undefined}>
                {column.label}
              </th>
            ))}
            <th scope="col">Rating</th>
          </tr>
        </thead>
        <tbody>
          {views.map((view) => (
            <tr key={view.row.user_id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={chooseLabel(nameOf(view))}
                  checked={choice.isChosen(view.row.user_id)}
                  onChange={(changed) => choice.toggle(view.row.user_id, changed.target.checked)}
                />
              </td>
              {cells(view)}
              <td>{view.rating.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
