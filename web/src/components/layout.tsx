import { Link, NavLink, Outlet } from "react-router-dom";
import { programme } from "@domain/programme";
import { advertisers, defaultAdvertiserId } from "@domain/advertisers";
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
      <main id="main">
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
          New: recurring commissions on renewals and landing-page choice. See the latest updates →
        </Link>
      ) : null}
      <header className="site-header">
        <Link to={paths.home} className="logo" aria-label={`${programme.name} home`}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{programme.name}</span>
        </Link>
        <nav aria-label="Account" className="header-nav" data-auth={auth.status}>
          {auth.status === "signed-in" ? (
            <>
              <NavLink to={paths.updates} className="button button-ghost">
                Updates
              </NavLink>
              <NavLink to={paths.products} className="button button-ghost">
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
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <Link to={paths.updates}>Updates</Link>
        <Link to={paths.advertiser}>Advertiser</Link>
        <Link to={paths.terms}>Terms</Link>
        <a href={`mailto:${programme.contactEmail}`}>Contact</a>
        <a href={programme.affiliatePageUrl} rel="noopener">
          {advertiser.name} affiliates
        </a>
        <a href={programme.socialUrl} rel="noopener">
          Follow us
        </a>
      </nav>
      <p>
        © {programme.name}. {advertiser.name}, CuteChat and CreateGirls are advertisers of this programme.
      </p>
    </footer>
  );
}
