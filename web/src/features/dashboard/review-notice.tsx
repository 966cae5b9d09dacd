/**
 * What an affiliate under a review that holds money sees (issue 33), at the top of the payout section:
 * what it means for their payout (new commissions held, requests paused), why in plain words (never a
 * rule's threshold), since when and how much is held, and how to reach staff. Nothing for a case that only
 * flags: it changes nothing for them.
 */
import type { AffiliateDoc } from "@domain/model";
import { formatDollars } from "@domain/money";
import { riskReviewOf } from "@domain/risk";
import { contact } from "../../config/site";
import { formatDay } from "../../lib/dates";
import own from "./review-notice.module.css";

export function ReviewNotice({ affiliate }: { affiliate: AffiliateDoc }) {
  const review = riskReviewOf(affiliate);
  if (!review) return null;
  return (
    <section className={own.review} aria-labelledby="review-heading">
      <h3 id="review-heading">Your account is under review</h3>
      <p>{review.message}</p>
      <p>
        Since {formatDay(review.since)}, {formatDollars(review.held_cents)} of commission is held by the review. When it
        ends, held commission goes back to its usual hold period, or is cancelled if the sales were not genuine.
      </p>
      {review.reasons.length > 0 ? (
        <>
          <p className={own.why}>What the review is about:</p>
          <ul>
            {review.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        Write to us at <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
    </section>
  );
}
