/** The last 30 days, day by day (beyond SPEC): loaded on its own, so the chart library never delays the cards. */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { lastDays } from "@domain/days";
import type { AffiliateDoc } from "@domain/model";
import styles from "./dashboard.module.css";

export default function ActivityChart({ affiliate, now }: { affiliate: AffiliateDoc; now: Date }) {
  const data = lastDays(now, 30).map((day) => {
    const figures = affiliate.recent_days[day];
    return {
      day: day.slice(5),
      Clicks: figures?.clicks ?? 0,
      "Sign-ups": figures?.sign_ups ?? 0,
      Sales: figures?.sales ?? 0,
      "Earnings ($)": (figures?.earnings_cents ?? 0) / 100,
    };
  });
  return (
    <div
      className={styles.chart}
      role="img"
      aria-label="Daily clicks, sign-ups, sales and earnings over the last 30 days"
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#2e3056" />
          <XAxis dataKey="day" tick={{ fill: "#a9abc8", fontSize: 11 }} interval={4} />
          <YAxis tick={{ fill: "#a9abc8", fontSize: 11 }} allowDecimals={false} />
          <Tooltip contentStyle={{ background: "#1a1b33", border: "1px solid #2e3056" }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="Clicks" fill="#6c7cff" isAnimationActive={false} />
          <Bar dataKey="Sign-ups" fill="#3ddc97" isAnimationActive={false} />
          <Bar dataKey="Sales" fill="#ffb547" isAnimationActive={false} />
          <Bar dataKey="Earnings ($)" fill="#ff4f8b" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
