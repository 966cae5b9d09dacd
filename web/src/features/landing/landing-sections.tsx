/**
 * The parts the landing pages share (/ and /ai-porn-affiliate-program): the page frame, the featured
 * advertiser, the hero, with its Join Now button and the picture of the dashboard, and a titled section.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../config/paths";
import { advertisers, defaultAdvertiserId } from "@domain/advertisers";
import { PageMeta, type PageMetaProps } from "../../components/page-meta";
import { Lead, PublicPage } from "../../components/public-page";
import { ButtonLink } from "../../components/ui/button";
import { usePublicFigures } from "../../lib/public-terms";
import { PartnerCard } from "./partner-card";
import styles from "./landing.module.css";

/** The advertiser both landing pages feature. */
export const advertiser = advertisers[defaultAdvertiserId];

/** Its first-sale commission in force ("60%"), as the page states it (lib/public-terms.tsx). */
export const useCommission = (): string => usePublicFigures()[`${advertiser.id}.commission`];

/** The featured advertiser's partner card, with its Get Started link. */
export function FeaturedPartner() {
  return <PartnerCard advertiserId={advertiser.id} />;
}

/** A landing page: the public page frame with its head tags. */
export function LandingPage({ meta, children }: { meta: PageMetaProps; children: ReactNode }) {
  return (
    <PublicPage>
      <PageMeta {...meta} />
      {children}
    </PublicPage>
  );
}

/**
 * The picture of the affiliate dashboard (made by web/scripts/make-images.ts). WebP in two widths with its
 * intrinsic size set, so the browser reserves its place and picks the smaller file on phones. Not
 * preloaded: on a phone it is smaller than the headline (landing.module.css), so the first paint does not
 * wait for it and fetching it early would only take the link from the page's first bytes; on a wide screen
 * the browser finds it in the HTML and raises its priority once layout shows it on screen. In a <picture>
 * because React's server renderer preloads every other <img> with a source from the page's head (it leaves
 * those in a <picture> alone, whose source only the browser can choose).
 */
function DashboardPreview() {
  return (
    <picture className={styles["screenshot-picture"]}>
      <img
        className={styles.screenshot}
        src="/images/dashboard-1200.webp"
        srcSet="/images/dashboard-640.webp 640w, /images/dashboard-1200.webp 1200w"
        sizes="(min-width: 64rem) 36rem, (max-width: 40rem) 16rem, calc(100vw - 2rem)"
        width={1200}
        height={750}
        alt="Sign up for your affiliate dashboard: earnings, sign-ups, clicks and sales at a glance"
        decoding="async"
      />
    </picture>
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
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles["hero-text"]}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="hero-title">{title}</h1>
        <Lead>{lead}</Lead>
        <div className={styles["hero-actions"]}>
          <ButtonLink to={paths.signup} size="large">
            Join Now
          </ButtonLink>
          {moreActions}
        </div>
      </div>
      <Link to={paths.signup} className={styles["screenshot-link"]}>
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
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles["section-heading"]}>
        <h2 id={id}>{title}</h2>
        {lead ? <Lead>{lead}</Lead> : null}
      </div>
      {children}
    </section>
  );
}
