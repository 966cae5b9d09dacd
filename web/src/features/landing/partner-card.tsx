import { advertisers, type AdvertiserId } from "@domain/advertisers";
import { paths } from "../../config/paths";
import { rememberAdvertiserAttribute } from "../../lib/current-advertiser";
import { AdvertiserLogo } from "../../components/public-page";
import { ButtonLink } from "../../components/ui/button";
import { usePublicFigures } from "../../lib/public-terms";
import styles from "./landing.module.css";

/**
 * An advertiser to promote, with its commission in force (lib/public-terms.tsx) and a Get Started link that remembers the
 * advertiser before it opens /signup (SPEC.md §2), by its data attribute (lib/current-advertiser.ts), so on a
 * prerendered page no React runs for it. A link, not a button: before the page's script has loaded it still
 * reaches /signup.
 */
export function PartnerCard({ advertiserId, headingLevel = 3 }: { advertiserId: AdvertiserId; headingLevel?: 2 | 3 }) {
  const advertiser = advertisers[advertiserId];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const figures = usePublicFigures();
  return (
    <article className={styles["partner-card"]} aria-labelledby={`partner-${advertiser.id}`}>
      <AdvertiserLogo name={advertiser.name} />
      <div className={styles["partner-body"]}>
        <Heading id={`partner-${advertiser.id}`}>{advertiser.name}</Heading>
        <p>{advertiser.tagline}</p>
        <ul className={styles["partner-facts"]}>
          <li>
            <strong>{figures[`${advertiser.id}.commission`]}</strong> commission on every first sale
          </li>
          <li>
            <strong>{figures[`${advertiser.id}.renewal`]}</strong> on renewals
          </li>
        </ul>
      </div>
      <ButtonLink
        to={paths.signup}
        className={styles["partner-action"]}
        {...{ [rememberAdvertiserAttribute]: advertiser.id }}
        aria-describedby={`partner-${advertiser.id}`}
      >
        Get Started
      </ButtonLink>
    </article>
  );
}
