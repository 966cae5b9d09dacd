import { Link } from "react-router-dom";
import { paths } from "../../app/paths";

export function HomePage() {
  return (
    <section className="hero">
      <h1>Earn 60% commission promoting AI image, video and chat apps</h1>
      <p>Recurring commissions on renewals, free sign-up, and payouts by Wise, bank transfer or crypto.</p>
      <Link to={paths.signup} className="button button-primary">
        Join Now
      </Link>
    </section>
  );
}
