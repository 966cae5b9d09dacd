import { Link, NavLink, Outlet } from "react-router-dom";
import { programme } from "@domain/programme";
import { contact } from "../config/site";
import { advertiserIds, advertisers, defaultAdvertiserId } from "@domain/advertisers";
import { paths } from "../config/paths";
import { isStaff, roleName, useAuthState } from "../lib/auth";
import { latestUpdate, updates, useIsNewUpdate } from "../lib/updates";
import { AccountMenu } from "./account-menu";
import { Badge } from "./ui/badge";
import { buttonClass, ButtonLink, type ButtonVariant } from "./ui/button";
import styles from "./layout.module.css";

/** Marks what shows before Auth answers only when the session hint says someone is signed in. */
const ifSignedInAttribute = "data-if-signed-in";
/** Marks what shows before Auth answers only when the session hint says no one is signed in. */
const ifSignedOutAttribute = "data-if-signed-out";

/** Header and footer of every page (SPEC.md §2 "Layout"). */
export function Layout() {
  return (
    <div className={styles.page}>
      <a className={styles["skip-link"]} href="#main">
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
  // Before Auth answers, the visitor's buttons show unless the session hint says someone is signed in: a
  // prerendered public page keeps them as its header for good when no one is (src/islands.ts).
  const whileUnknown = auth.status === "unknown" ? { [ifSignedOutAttribute]: "" } : {};
  return (
    <>
      {auth.status !== "signed-out" ? <Announcement whileUnknown={auth.status === "unknown"} /> : null}
      <header className={styles["site-header"]}>
        <Link to={paths.home} className={styles.logo} aria-label={`${programme.name} home`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className={styles["logo-name"]}>{programme.name}</span>
        </Link>
        {/* Its place kept until the auth state is known, so nothing moves when it is. */}
        <nav aria-label="Main" className={styles["header-nav"]} data-auth={auth.status}>
          {auth.status === "signed-in" ? (
            <>
              <NavButton to={paths.updates} variant="quiet">
                Updates
              </NavButton>
              <NavButton to={paths.products} variant="quiet">
                Products
              </NavButton>
              {/* Affiliates work on the dashboard; the admin also views affiliates there (Set Uid). */}
              {!isStaff(auth.claims) || auth.claims.admin ? (
                <NavButton to={paths.dashboard} variant={isStaff(auth.claims) ? "quiet" : "primary"}>
                  Dashboard
                </NavButton>
              ) : null}
              {isStaff(auth.claims) ? (
                <NavButton to={paths.advertiser} variant="primary">
                  Advertiser
                </NavButton>
              ) : null}
            </>
          ) : (
            <>
              {/* Returning affiliates log in; Sign Up is for newcomers. Both named as actions are capitalised alike. */}
              <ButtonLink to={paths.login} variant="quiet" className={styles["nav-button"]} {...whileUnknown}>
                Log In
              </ButtonLink>
              <ButtonLink to={paths.signup} className={styles["nav-button"]} {...whileUnknown}>
                Sign Up
              </ButtonLink>
            </>
          )}
        </nav>
        {auth.status === "signed-in" ? (
          <AccountMenu email={auth.user.email ?? auth.user.uid} role={roleName(auth.claims)} />
        ) : null}
      </header>
    </>
  );
}

/** The newest announcement, the banner above the header names. */
const latest = latestUpdate(updates);

/**
 * SPEC.md §2's banner linking to /updates, for someone signed in: the newest announcement, marked New
 * only while it is (lib/updates.ts). One line on a phone (issue 32: it took three), where the title is cut
 * short if need be and "See the latest updates" is left to screen readers.
 */
function Announcement({ whileUnknown }: { whileUnknown: boolean }) {
  const isNew = useIsNewUpdate(latest.date);
  return (
    <Link
      to={paths.updates}
      className={styles.announcement}
      // While Auth resolves, shown only if someone was signed in here last time (lib/session-hint.ts).
      {...(whileUnknown ? { [ifSignedInAttribute]: "" } : {})}
    >
      {isNew ? <Badge>New</Badge> : null}
      <span className={styles["announcement-title"]}>{latest.title}.</span>{" "}
      <span className={styles["announcement-more"]}>See the latest updates</span>
      <span className={styles["announcement-arrow"]} aria-hidden="true">
        →
      </span>
    </Link>
  );
}

/** A header link that looks like a button; a quiet one is outlined in the accent on its own page. */
function NavButton({ to, variant, children }: { to: string; variant: ButtonVariant; children: string }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        buttonClass({
          variant,
          className: `${styles["nav-button"]}${isActive && variant !== "primary" ? ` ${styles.current}` : ""}`,
        })
      }
    >
      {children}
    </NavLink>
  );
}

function Footer() {
  const advertiser = advertisers[defaultAdvertiserId];
  const advertiserNames = advertiserIds.map((id) => advertisers[id].name);
  return (
    <footer className={styles["site-footer"]}>
      <div className={styles["footer-brand"]}>
        <Link to={paths.home} className={styles.logo}>
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
