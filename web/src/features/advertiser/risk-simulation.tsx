/**
 * "Simulate" beside a risk rule on the settings page (issue 33): who the rule as it is being edited (its
 * action and threshold, before saving) would have caught over the last 90 days, each linked to their row in
 * the staff console as the Risk section links them, with what it would have held, and the total.
 */
import { useState } from "react";
import type { User } from "firebase/auth";
import { Link } from "react-router-dom";
import { riskActionLabels, type RiskAction, type RiskFamily } from "@domain/risk-rules";
import { Button } from "../../components/ui/button";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { formatDay } from "../../lib/dates";
import { simulateRiskRule, type RiskSimulation } from "./advertiser-api";
import { money } from "./affiliate-card";
import { affiliateHref } from "./shared-destination";
import styles from "./risk-simulation.module.css";

const nameOf = (row: { name: string; email: string; user_id: string }) => row.name || row.email || row.user_id;

export interface SimulatedRule {
  family: RiskFamily;
  /** The action chosen; a rule still off is simulated as flag only (who it would catch, nothing held). */
  action: RiskAction;
  /** The threshold as typed, for a family that has one. */
  threshold: number | undefined;
}

export function RiskRuleSimulation({ user, rule, label }: { user: User; rule: SimulatedRule; label: string }) {
  const simulating = useAction();
  // A result is of the rule as it was when simulated: editing the rule sets it aside.
  const [result, setResult] = useState<{ of: string; simulation: RiskSimulation } | null>(null);
  const [askedOf, setAskedOf] = useState<string | null>(null);
  const current = `${rule.action}:${rule.threshold}`;

  function simulate() {
    setAskedOf(current);
    void simulating.run(async () => {
      setResult({ of: current, simulation: await simulateRiskRule(user, rule.family, rule.action, rule.threshold) });
    });
  }

  const shown = result?.of === current ? result.simulation : null;
  return (
    <div className={styles.simulation}>
      <Button
        variant="ghost"
        size="small"
        onClick={simulate}
        disabled={simulating.busy}
        aria-label={`Simulate: ${label}`}
      >
        {simulating.busy ? "Simulating…" : "Simulate"}
      </Button>
      {simulating.message && askedOf === current ? (
        <Message tone={simulating.message.tone}>{simulating.message.text}</Message>
      ) : null}
      {shown && !simulating.busy ? <SimulationResult simulation={shown} label={label} /> : null}
    </div>
  );
}

function SimulationResult({ simulation, label }: { simulation: RiskSimulation; label: string }) {
  const rule = `${riskActionLabels[simulation.action]}${simulation.threshold === null ? "" : ` at ${simulation.threshold}`}`;
  const period = `${formatDay(simulation.from)} to ${formatDay(simulation.to)}`;
  if (simulation.count === 0) {
    return (
      <div className={styles.result} role="status" aria-label={`Simulation: ${label}`}>
        <p className="muted">No affiliate would have been caught in the last 90 days.</p>
      </div>
    );
  }
  const caught = simulation.count === 1 ? "1 affiliate" : `${simulation.count} affiliates`;
  const holds = simulation.action !== "flag";
  return (
    <div className={styles.result} role="status" aria-label={`Simulation: ${label}`}>
      <p>
        {rule}, {period}: {caught} caught,{" "}
        {holds ? (
          <>
            <strong>{money(simulation.total)}</strong> held in all.
          </>
        ) : (
          "nothing held (a flag opens a case only)."
        )}
      </p>
      {/* Focusable, so keys scroll it too when the list is longer than its box. */}
      <ul className={styles.caught} tabIndex={0} aria-label="Affiliates caught, the most money first">
        {simulation.affiliates.map((row) => (
          <li key={row.user_id}>
            <span className={styles.who}>
              <Link to={affiliateHref(row.user_id)}>{nameOf(row)}</Link>
              {holds ? <strong>{money(row.amount)}</strong> : null}
            </span>
            <span className="muted">
              {holds ? `Held from ${formatDay(row.since)}. ` : `Caught from ${formatDay(row.since)}. `}
              {row.evidence}
            </span>
          </li>
        ))}
      </ul>
      {simulation.cut ? (
        <p className="muted">The list was cut at {simulation.limit} affiliates: more may be caught.</p>
      ) : null}
      {simulation.note ? <p className="muted">{simulation.note}</p> : null}
    </div>
  );
}
