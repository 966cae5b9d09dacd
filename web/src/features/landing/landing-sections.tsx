/**
 * The parts the landing pages share (/ and /ai-porn-affiliate-program): the hero, with its Join Now button
 * and the picture of the dashboard, and a titled section.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../app/paths";

/**
 * The picture of the affiliate dashboard (made by web/scripts/make-images.ts). WebP in two widths with its
 * intrinsic size set, so the browser reserves its place and picks the smaller file on phones. Not
 * preloaded: on a phone it sits below the first screen (public.css), where fetching it early would only
 * take the link from the page's first bytes; on a wide screen the browser finds it in the HTML and raises
 * its priority once layout shows it on screen.
 */
function DashboardPreview() {
  return (
    <img
      className="screenshot"
      src="/images/dashboard-1200.webp"
      srcSet="/images/dashboard-640.webp 640w, /images/dashboard-1200.webp 1200w"
      sizes="(min-width: 64rem) 36rem, calc(100vw - 2rem)"
      width={1200}
      height={750}
      alt="Sign up for your affiliate dashboard: earnings, sign-ups, clicks and sales at a glance"
      decoding="async"
    />
  );
}

export function Hero({
  eyebrow,
  title,
  lead,
  moreActions,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  /** Buttons after Join Now. */
  moreActions?: ReactNode;
}) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-text">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="hero-title">{title}</h1>
        <p className="lead">{lead}</p>
        <div className="hero-actions">
          <Link to={paths.signup} className="button button-primary button-large">
            Join Now
          </Link>
          {moreActions}
        </div>
      </div>
      <Link to={paths.signup} className="screenshot-link">
        <DashboardPreview />
      </Link>
    </section>
  );
}

/** A page section titled by its h2 (`id` names the heading, which labels the section). */
export function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section-heading">
        <h2 id={id}>{title}</h2>
        {lead ? <p className="lead">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}
