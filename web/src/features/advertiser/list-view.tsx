/**
 * How the affiliate list is shown (issue 32): on a wide screen a dense table by default, or SPEC.md's cards
 * if the staff member prefers them (remembered on this device); on a narrow one always the cards. And the
 * list's order in words, and as a menu where no column header can order it (the cards).
 */
import { useState } from "react";
import type { SummaryOrder } from "@domain/advertiser-summary";
import { ChoiceButtons } from "../../components/ui/choice-buttons";
import { useMediaQuery } from "../../lib/use-media-query";
import styles from "./advertiser-sections.module.css";

export type ListView = "table" | "cards";

/** From this width the table's ten columns fit beside each other (the page is at most 72rem wide). */
export const tableMinWidth = "(min-width: 75rem)";

const storageKey = "advertiser-list-view";

function storedView(): ListView {
  try {
    return localStorage.getItem(storageKey) === "cards" ? "cards" : "table";
  } catch {
    return "table"; // storage refused (a private window's quota, a policy): the default
  }
}

/** The view shown, whether the screen could show the table, and the staff member's choice. */
export function useListView(): { view: ListView; wide: boolean; choose(view: ListView): void } {
  const wide = useMediaQuery(tableMinWidth);
  const [chosen, setChosen] = useState<ListView>(storedView);
  const choose = (view: ListView) => {
    setChosen(view);
    try {
      localStorage.setItem(storageKey, view);
    } catch {
      // Not remembered: this visit still shows it.
    }
  };
  return { view: wide ? chosen : "cards", wide, choose };
}

export function ListViewChoice({ view, onChoose }: { view: ListView; onChoose(view: ListView): void }) {
  return (
    <ChoiceButtons
      choices={["table", "cards"] as const}
      chosen={view}
      onChoose={onChoose}
      labelOf={(choice) => (choice === "table" ? "Table" : "Cards")}
      label="Show affiliates as"
      className={styles["view-choice"]}
    />
  );
}

/** Each order as the list's status line says it. */
export const orderNames: Record<SummaryOrder, string> = {
  "pending-first": "pending payouts first, then by balance",
  balance: "by balance",
  clicks: "by clicks",
  sign_ups: "by sign-ups",
  sales: "by sales",
  earnings: "by earnings",
};

const menuNames: Record<SummaryOrder, string> = {
  "pending-first": "Pending payouts first",
  balance: "Balance",
  clicks: "Clicks",
  sign_ups: "Sign-ups",
  sales: "Sales",
  earnings: "Earnings",
};

/** The order as a menu, for the cards (the table's column headers order it there). */
export function OrderMenu({ order, onSort }: { order: SummaryOrder; onSort(order: SummaryOrder): void }) {
  return (
    <label className={styles["order-menu"]}>
      <span>Order</span>
      <select value={order} onChange={(event) => onSort(event.target.value as SummaryOrder)}>
        {(Object.keys(menuNames) as SummaryOrder[]).map((choice) => (
          <option key={choice} value={choice}>
            {menuNames[choice]}
          </option>
        ))}
      </select>
    </label>
  );
}
