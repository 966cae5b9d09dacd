import { Link } from "react-router-dom";
import { advertisers, formatRate, type AdvertiserId } from "@domain/advertisers";
import { paths } from "../../app/paths";
import { rememberAdvertiser } from "./current-advertiser";

/**
 * An advertiser to promote, with its commission from the registry and a Get Started link that remembers the
 * advertiser before it opens /signup (SPEC.md §2). A link, not a button: before the page's script has
 * loaded it still reaches /signup.
 */
export function PartnerCard({ advertiserId, headingLevel = 3 }: { advertiserId: AdvertiserId; headingLevel?: 2 | 3 }) {
  const advertiser = advertisers[advertiserId];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const renewal = advertiser.repeatRates["1"];
  return (
    <article className="partner-card" aria-labelledby={`partner-${advertiser.id}`}>
      <div className="partner-logo" aria-hidden="true">
        {advertiser.name.charAt(0)}
      </div>
      <div className="partner-body">
        <Heading id={`partner-${advertiser.id}`}>{advertiser.name}</Heading>
        <p>{advertiser.tagline}</p>
        <ul className="partner-facts">
          <li>
            <strong className="partner-rate">{formatRate(advertiser.commissionRate)}</strong> commission on every first
            sale
          </li>
          {renewal ? (
            <li>
              <strong>{formatRate(renewal)}</strong> on renewals
            </li>
          ) : null}
        </ul>
      </div>
      <Link
        to={paths.signup}
        className="button button-primary"
        onClick={() => rememberAdvertiser(advertiser.id)}
        aria-describedby={`partner-${advertiser.id}`}
      >
        Get Started
      </Link>
    </article>
  );
}
