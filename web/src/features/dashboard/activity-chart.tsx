/**
 * Activity over the last 7, 30 or 90 days, one figure at a time (beyond SPEC): each metric tab shows the
 * period's total, and the chart draws that metric alone on its own axis, so a handful of sales is not
 * flattened beside hundreds of clicks and dollars never share an axis with counts. Loaded on its own, so
 * the chart library never delays the cards; drawn from recent_days (no extra reads).
 */
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { emptyDay, lastDays, sumLastDays, type DayFigures } from "@domain/days";
import type { AffiliateDoc } from "@domain/model";
import { ChoiceButtons } from "../../components/ui/choice-buttons";
import styles from "./dashboard.module.css";

export const chartPeriods = [7, 30, 90] as const;
type Period = (typeof chartPeriods)[number];

const count = new Intl.NumberFormat("en-US");
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const compactMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});
const compactCount = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

interface Metric {
  label: string;
  /** The colour of its bars (the series colours of the dashboard). */
  color: string;
  /** The day's value in display units: dollars for earnings, a count otherwise. */
  value: (day: DayFigures) => number;
  format: (value: number) => string;
  tick: (value: number) => string;
}

const counted = (label: string, color: string, field: "clicks" | "sign_ups" | "sales"): Metric => ({
  label,
  color,
  value: (day) => day[field],
  format: (value) => count.format(value),
  tick: (value) => compactCount.format(value),
});

export const chartMetrics = {
  earnings: {
    label: "Earnings",
    color: "#ff4f8b",
    value: (day) => day.earnings_cents / 100,
    format: (value) => money.format(value),
    tick: (value) => compactMoney.format(value),
  },
  clicks: counted("Clicks", "#6c7cff", "clicks"),
  sign_ups: counted("Sign-ups", "#3ddc97", "sign_ups"),
  sales: counted("Sales", "#ffb547", "sales"),
} satisfies Record<string, Metric>;
type MetricId = keyof typeof chartMetrics;

export default function ActivityChart({ affiliate, now }: { affiliate: AffiliateDoc; now: Date }) {
  const [period, setPeriod] = useState<Period>(30);
  const [metricId, setMetricId] = useState<MetricId>("earnings");
  const metric = chartMetrics[metricId];
  const totals = sumLastDays(affiliate.recent_days, now, period);
  const data = lastDays(now, period).map((day) => ({
    day: dayLabel.format(new Date(`${day}T00:00:00Z`)),
    value: metric.value({ ...emptyDay, ...affiliate.recent_days[day] }),
  }));
  return (
    <div className={styles.activity}>
      <div className={styles["activity-controls"]}>
        <div role="radiogroup" aria-label="Metric" className={styles["metric-tabs"]}>
          {(Object.keys(chartMetrics) as MetricId[]).map((id) => (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={id === metricId}
              className={styles["metric-tab"]}
              onClick={() => setMetricId(id)}
            >
              <span className={styles["metric-label"]}>{chartMetrics[id].label}</span>
              <span className={styles["metric-total"]}>{chartMetrics[id].format(chartMetrics[id].value(totals))}</span>
            </button>
          ))}
        </div>
        <ChoiceButtons
          choices={chartPeriods}
          chosen={period}
          onChoose={setPeriod}
          labelOf={(days) => `${days} days`}
          label="Period"
          className={styles["advertiser-switch"]}
        />
      </div>
      <div
        className={styles.chart}
        role="img"
        aria-label={`Daily ${metric.label.toLowerCase()} over the last ${period} days`}
      >
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#2e3056" vertical={false} />
            <XAxis dataKey="day" tick={{ fill: "#a9abc8", fontSize: 11 }} minTickGap={16} />
            <YAxis
              tick={{ fill: "#a9abc8", fontSize: 11 }}
              allowDecimals={metricId === "earnings"}
              tickFormatter={metric.tick}
              width={48}
            />
            <Tooltip
              contentStyle={{ background: "#1a1b33", border: "1px solid #2e3056" }}
              formatter={(value) => [metric.format(Number(value)), metric.label]}
              cursor={{ fill: "rgba(108, 124, 255, 0.12)" }}
            />
            <Bar
              dataKey="value"
              name={metric.label}
              fill={metric.color}
              isAnimationActive={false}
              radius={[2, 2, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
