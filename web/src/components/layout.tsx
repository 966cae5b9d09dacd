import { Link, NavLink, Outlet } from "react-router-dom";
import { programme } from "@domain/programme";
import { contact } from "../config/site";
import { advertiserIds, advertisers, defaultAdvertiserId } from "@domain/advertisers";
import { useAuthState } from "../app/auth-state";
import { paths } from "../app/paths";

/** Header and footer of every page (SPEC.md §2 "Layout"). */
export function Layout() {
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

function Header() {
  const auth = useAuthState();
  return (
    <>
      {auth.status === "signed-in" ? (
        <Link to={paths.updates} className="announcement">
          <span className="badge">New</span> Recurring commissions on renewals and landing-page choice.{" "}
          <span className="announcement-more">See the latest updates →</span>
        </Link>
      ) : null}
      <header className="site-header">
        <Link to={paths.home} className="logo" aria-label={`${programme.name} home`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{programme.name}</span>
        </Link>
        {/* Empty until the auth state is known (after first paint); it keeps its height so nothing moves. */}
        <nav aria-label="Account" className="header-nav" data-auth={auth.status}>
          {auth.status === "signed-in" ? (
            <>
              <NavLink to={paths.updates} className="button button-quiet">
                Updates
              </NavLink>
              <NavLink to={paths.products} className="button button-quiet">
                Products
              </NavLink>
              <NavLink to={paths.dashboard} className="button button-primary">
                Dashboard
              </NavLink>
            </>
          ) : auth.status === "signed-out" ? (
            <Link to={paths.signup} className="button button-primary">
              Sign Up
            </Link>
          ) : null}
        </nav>
      </header>
    </>
  );
}

function Footer() {
  const advertiser = advertisers[defaultAdvertiserId];
  const advertiserNames = advertiserIds.map((id) => advertisers[id].name);
  return (
    <footer className="site-footer">
      <div className="footer-brand">
        <Link to={paths.home} className="logo">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          <span>{programme.name}</span>
        </Link>
        <p>
          {advertiserNames.slice(0, -1).join(", ")} and {advertiserNames.at(-1)} are the advertisers of this programme.
        </p>
      </div>
      <nav aria-label="Footer">
        <ul>
          <li>
            <Link to={paths.updates}>Updates</Link>
          </li>
          <li>
            <Link to={paths.advertiser}>Advertiser</Link>
          </li>
          <li>
            <Link to={paths.terms}>Terms</Link>
          </li>
          <li>
            <a href={`mailto:${contact.email}`}>Contact</a>
          </li>
          <li>
            <a href={contact.affiliatePageUrl} rel="noopener">
              {advertiser.name} affiliates
            </a>
          </li>
          <li>
            <a href={contact.socialUrl} rel="noopener">
              Follow us on {contact.socialName}
            </a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
