import { landingPages } from "@domain/landing-pages";
import { programme } from "@domain/programme";
import { paths } from "../../config/paths";
import { advertiser, FeaturedPartner, Hero, LandingPage, Section, useCommission } from "./landing-sections";
import { ButtonLink } from "../../components/ui/button";
import styles from "./landing.module.css";

/** SPEC.md §1's promises, in our words, with the first-sale commission in force. */
const commissionPointsOf = (commission: string) => [
  {
    title: `${commission} on every referral`,
    text: `The first payment of every user you bring in earns you ${commission} of it.`,
  },
  {
    title: "Recurring commissions",
    text: "When the users you referred renew, you are paid again, renewal after renewal.",
  },
  { title: "Free to join", text: "No fees and no minimum traffic: sign up with Google or your e-mail." },
  { title: "Paid your way", text: `Payouts by ${programme.payoutMethodsText}, with the invoice made for you.` },
];

const benefitsOf = (commission: string) => [
  {
    title: "A commission that leads the market",
    text: `${commission} of every first sale, on products people already search for.`,
  },
  { title: "Earnings that keep coming", text: "Renewals pay you again, so one referral can pay for months." },
  {
    title: "Products that convert",
    text: "AI image, video and chat apps, with 20% off the first subscription for the users you refer.",
  },
  {
    title: "Tracking you can trust",
    text: "Clicks, sign-ups, sales and earnings for every tracker, on a dashboard that updates as they happen.",
  },
  {
    title: "Links that fit your audience",
    text: `Your own trackers per channel and ${landingPages.length} landing pages to send visitors to.`,
  },
  { title: "Flexible payouts", text: `${programme.payoutMethodsText}: pick the one that suits you.` },
  { title: "Ready-made creatives", text: "Banners, videos and copy for every product, free to use." },
  { title: "People who answer", text: "A dedicated affiliate team that helps you grow, by e-mail." },
];

/** SPEC.md §2 "/": the landing page, also shown for every unknown path. */
export function HomePage() {
  const commission = useCommission();
  return (
    <LandingPage
      meta={{
        title: `${programme.name}: earn ${commission} commission promoting AI apps`,
        description: `Join the ${programme.name} and earn ${commission} on every referral plus recurring commissions on renewals. Free sign-up, payouts by ${programme.payoutMethodsText}.`,
        path: paths.home,
        keywords: [
          "AI affiliate program",
          "AI image generator affiliate",
          "AI chat affiliate",
          "recurring commission",
          `${commission} commission`,
          advertiser.name,
        ],
      }}
    >
      <Hero
        eyebrow="The affiliate programme for AI apps"
        title={
          <>
            Earn <span className={styles.accent}>{commission} commission</span> on every user you refer
          </>
        }
        lead={
          <>
            Promote AI apps that millions of people already use. Joining is free, renewals keep paying you, and your
            money arrives by {programme.payoutMethodsText}.
          </>
        }
        moreActions={
          <ButtonLink to={paths.products} variant="quiet" size="large">
            See the products
          </ButtonLink>
        }
      />

      <Section
        id="commission-title"
        title="Earn more from every visitor you send"
        lead="One simple deal for every affiliate, from the first referral on."
      >
        <ul className={styles["card-grid"]}>
          {commissionPointsOf(commission).map((point) => (
            <li key={point.title} className={styles.card}>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
        <div className={styles.split}>
          <div className={styles.card}>
            <h3>Any traffic that plays fair</h3>
            <p>Send visitors from wherever your audience is:</p>
            <ul className={styles.chips} aria-label="Traffic sources">
              {programme.trafficSources.map((source) => (
                <li key={source}>{source}</li>
              ))}
            </ul>
          </div>
          <div className={styles.card}>
            <h3>Support and materials included</h3>
            <p>
              A dedicated affiliate team answers your questions, and ready-made marketing materials get your first
              campaign out today.
            </p>
          </div>
        </div>
        <dl className={styles.stats} aria-label="The programme in numbers">
          <div>
            <dt>Affiliates</dt>
            <dd>{programme.affiliateCount}</dd>
          </div>
          <div>
            <dt>Users</dt>
            <dd>{programme.userCount}</dd>
          </div>
          <div>
            <dt>Commission</dt>
            <dd>{commission}</dd>
          </div>
        </dl>
      </Section>

      <Section id="why-title" title={`Why Choose ${programme.name}`} lead="Eight reasons affiliates stay with us.">
        <ol className={styles.benefits}>
          {benefitsOf(commission).map((benefit) => (
            <li key={benefit.title}>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="partners-title"
        title="Top-Performing Partners"
        lead="Start with the product our affiliates earn the most with."
      >
        <FeaturedPartner />
      </Section>
    </LandingPage>
  );
}
