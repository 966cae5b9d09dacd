import { Link } from "react-router-dom";
import { advertisers, defaultAdvertiserId } from "@domain/advertisers";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../app/paths";

const commission = `${Math.round(advertisers[defaultAdvertiserId].commissionRate * 100)}%`;

export function HomePage() {
  return (
    <section className="hero">
      <PageMeta
        title="AI Affiliate Program: earn 60% commission"
        description="Earn 60% commission promoting AI image, video and chat apps."
        path="/"
      />
      <h1>Earn {commission} commission promoting AI image, video and chat apps</h1>
      <p>Recurring commissions on renewals, free sign-up, and payouts by Wise, bank transfer or crypto.</p>
      <Link to={paths.signup} className="button button-primary">
        Join Now
      </Link>
    </section>
  );
}
