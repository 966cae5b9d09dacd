import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { defaultAdvertiserId } from "@domain/advertisers";
import { programme } from "@domain/programme";
import { contact } from "../../config/site";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { PageIntro, PublicPage } from "../../components/public-page";
import { usePublicFigures } from "../../lib/public-terms";
import styles from "./terms.module.css";

/**
 * The figures these terms state, as in force (lib/public-terms.tsx): the default advertiser's first-sale
 * commission and the payout rules the programme settings set (SPEC.md's unless an admin changed them).
 */
interface TermsFigures {
  commission: string;
  minimumPayout: string;
  payoutIntervalDays: string;
}

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

/** SPEC.md §1's terms, in SPEC.md §2's sections and order. */
const sectionsOf = ({ commission, minimumPayout, payoutIntervalDays }: TermsFigures): Section[] => [
  {
    id: "agreement",
    title: "Agreement",
    body: (
      <>
        <p>
          These terms are an agreement between you (the &ldquo;Affiliate&rdquo;) and {programme.name} (the
          &ldquo;Program&rdquo;), run on behalf of its advertisers. By signing up you accept them.
        </p>
        <p>
          We may change these terms. We announce every change on the <Link to={paths.updates}>Updates</Link> page;
          taking part in the Program after a change means you accept the new terms.
        </p>
      </>
    ),
  },
  {
    id: "affiliate-obligations",
    title: "Affiliate Obligations",
    body: (
      <ul>
        <li>Promote the advertisers&rsquo; products honestly: no false claims about them, their prices or offers.</li>
        <li>
          No spam, and no traffic from bots, incentives, self-referrals or anything else that is not a real visitor.
        </li>
        <li>
          Show adult products only to adults, only where adult content is allowed, and follow the law of your country
          and the rules of the platforms you use.
        </li>
        <li>Keep your payout details complete and correct, and keep your sign-in to yourself.</li>
      </ul>
    ),
  },
  {
    id: "affiliate-rights",
    title: "Affiliate Rights",
    body: (
      <ul>
        <li>Use the advertisers&rsquo; names and the marketing materials we provide to promote their products.</li>
        <li>Be paid the commission these terms describe for every sale you refer.</li>
        <li>See your clicks, sign-ups, sales, earnings and payouts on your dashboard at any time.</li>
        <li>Leave the Program whenever you like.</li>
      </ul>
    ),
  },
  {
    id: "payment",
    title: "Payment",
    body: (
      <>
        <p>
          You earn a {commission} commission on initial sales: the first payment of every user who signs up through your
          links. Renewals earn the recurring rate shown on your dashboard.
        </p>
        <p>
          The minimum payout is {minimumPayout}. A payout can be requested only when more than {payoutIntervalDays} days
          have passed since your last payout, and only one payout can be pending at a time.
        </p>
        <p>
          You are paid through a payment service: Wise (which earlier versions of these terms named PayPal), or by wire
          transfer or in crypto (TRON), as set in your payout details. Each payout request comes with an invoice in your
          name. You are responsible for the taxes on what you earn.
        </p>
      </>
    ),
  },
  {
    id: "refunds",
    title: "Refunds",
    body: (
      <p>
        When a payment you earned a commission on is refunded or charged back, the commission on it is deducted from
        your balance, in proportion to the amount refunded. Refunds and chargebacks are listed in your transaction
        history.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <>
        <p>
          The Program and its tracking are provided as they are. We work to count every click, sign-up and sale, but we
          are not liable for losses caused by outages or tracking errors beyond correcting the commissions concerned.
        </p>
        <p>
          Neither party is liable to the other for indirect or consequential losses. You are responsible for your own
          promotion and its content.
        </p>
      </>
    ),
  },
  {
    id: "term",
    title: "Term",
    body: (
      <p>
        This agreement starts when you sign up and lasts until you or we end it. We may suspend or close an account that
        breaks these terms; an account closed for fraudulent activity loses the commissions that activity produced.
        Commissions earned fairly before an account is closed remain yours and are paid under the payment terms above.
      </p>
    ),
  },
  {
    id: "labor-laws",
    title: "Labor Laws",
    body: (
      <p>
        You take part as an independent contractor. Nothing in these terms makes you an employee, agent or partner of
        the Program or its advertisers. You are responsible for complying with the labor, tax and social-security laws
        that apply to you.
      </p>
    ),
  },
];

/** SPEC.md §2 "/terms", also served at /termsofservice (the address the sign-up page links to). */
export function TermsPage() {
  const figures = usePublicFigures();
  const commission = figures[`${defaultAdvertiserId}.commission`];
  const minimumPayout = figures.minimum_payout;
  const sections = sectionsOf({ commission, minimumPayout, payoutIntervalDays: figures.payout_interval_days });
  return (
    <PublicPage narrow>
      {/* Both addresses show these terms; search engines are pointed at /terms. */}
      <PageMeta
        title={`Terms and Conditions | ${programme.name}`}
        description={`The terms of the ${programme.name}: ${commission} commission on initial sales, a ${minimumPayout} minimum payout, monthly payouts through a payment service.`}
        path={paths.terms}
        keywords={["affiliate program terms", "affiliate terms and conditions", "affiliate payout terms"]}
      />
      <PageIntro title="Terms and Conditions" lead={`The rules of the ${programme.name}, for every affiliate.`} />
      <nav className={styles.toc} aria-label="Sections">
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className={styles["terms-section"]}
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.body}
        </section>
      ))}
      <p className={styles["muted-note"]}>
        Questions about these terms: <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
    </PublicPage>
  );
}
