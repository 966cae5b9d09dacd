/**
 * The affiliate's tiers and bonuses (issue 34), after Your Commission: the next tiers of their group with
 * what is left to reach each and the rate it brings for the advertiser chosen, and the group's bonuses open
 * or won with their progress. Asked of the API (the rules are server-only), again whenever the affiliate's
 * document shows a new sale or group; nothing is shown when the group has none.
 */
import { useEffect, useState } from "react";
import type { User } from "firebase/auth";
import type { AdvertiserId } from "@domain/advertisers";
import type { AffiliateDoc } from "@domain/model";
import { formatDollars } from "@domain/money";
import { formatRatePercent } from "@domain/numbers";
import { fetchMyRewards, type MyRewards } from "./dashboard-api";
import styles from "./dashboard.module.css";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** What is left to reach a tier, in words: "12 more first sales in 30 days or $50 more lifetime commission". */
export function tierLeftText(tier: MyRewards["tiers"][number]): string {
  const goals: string[] = [];
  if (tier.first_sales_left !== null) goals.push(`${plural(tier.first_sales_left, "more first sale")} in 30 days`);
  if (tier.commission_left !== null) {
    goals.push(`${formatDollars(Math.round(tier.commission_left * 100))} more lifetime commission`);
  }
  return goals.join(" or ");
}

export function RewardsSection({
  user,
  affiliate,
  advertiser,
}: {
  user: User;
  affiliate: AffiliateDoc;
  advertiser: AdvertiserId;
}) {
  const rewards = useMyRewards(user, affiliate);
  if (!rewards || (rewards.tiers.length === 0 && rewards.bonuses.length === 0)) return null;
  const { tiers, bonuses } = rewards;
  return (
    <section aria-labelledby="rewards" className={styles["dashboard-section"]}>
      <h2 id="rewards">Tiers and Bonuses</h2>
      {tiers.length > 0 ? (
        <ul className={styles["reward-list"]} aria-label="Next tiers">
          {tiers.map((tier) => (
            <li key={tier.to.id}>
              <strong>{tier.to.name}</strong>: {tierLeftText(tier)} for {formatRatePercent(tier.rates[advertiser])}
            </li>
          ))}
        </ul>
      ) : null}
      {bonuses.length > 0 ? (
        <ul className={styles["reward-list"]} aria-label="Bonuses">
          {bonuses.map((bonus) => (
            <li key={bonus.id}>
              <strong>{bonus.name}</strong>: {formatDollars(Math.round(bonus.amount * 100))} for{" "}
              {plural(bonus.first_sales, "first sale")} from {bonus.starts_on} to {bonus.ends_on}.{" "}
              {bonus.won ? (
                "Credited."
              ) : (
                <>
                  {Math.min(bonus.first_sales_made, bonus.first_sales)} of {bonus.first_sales} made{" "}
                  <progress value={Math.min(bonus.first_sales_made, bonus.first_sales)} max={bonus.first_sales} />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The caller's rewards, asked again when their document shows a new sale, commission or group. The dashboard
 * keeps no API cache (its bundle does without one); an answer that fails shows nothing (the section is extra).
 */
function useMyRewards(user: User, affiliate: AffiliateDoc): MyRewards | null {
  const [rewards, setRewards] = useState<MyRewards | null>(null);
  const changed = `${affiliate.group.id} ${affiliate.total_sales} ${affiliate.total_earnings_cents}`;
  useEffect(() => {
    let current = true;
    fetchMyRewards(user).then(
      (answer) => {
        if (current) setRewards(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [user, changed]);
  return rewards;
}
