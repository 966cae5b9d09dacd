/**
 * The dashboard's lower sections in SPEC.md §2's order: the affiliate's links, the payout request and
 * details, the transaction history; then what we added: the payouts requested and the postbacks. A chunk of their own, loaded when their place comes near the screen
 * (dashboard-page.tsx), so a phone's first screen (the cards) does without them and without the validation
 * library the forms and the programme's settings bring (issue 20).
 */
import { useEffect, useRef } from "react";
import type { User } from "firebase/auth";
import type { AdvertiserId } from "@domain/advertisers";
import type { AffiliateDoc } from "@domain/model";
import { isAccountComplete } from "@domain/payout-details";
import { affiliatePayoutRules } from "@domain/programme-settings";
import { linkedElement } from "../../components/when-visible";
import { useLinkDomains, usePayoutRules } from "../../lib/programme-settings";
import { CommissionSection } from "./commission-section";
import { LinksSection } from "./links-section";
import { PayoutList } from "./payout-list";
import { PayoutSection } from "./payout-section";
import { PostbacksSection } from "./postbacks-section";
import { RecruitsSection } from "./recruits-section";
import { RewardsSection } from "./rewards-section";
import { TransactionHistory } from "./transaction-history";
import styles from "./dashboard.module.css";

export interface AccountSectionsProps {
  user: User;
  uid: string;
  affiliate: AffiliateDoc;
  advertiser: AdvertiserId;
  readOnly: boolean;
  onLinkCopied: () => void;
}

export default function AccountSections({
  user,
  uid,
  affiliate,
  advertiser,
  readOnly,
  onLinkCopied,
}: AccountSectionsProps) {
  const linkDomains = useLinkDomains();
  // The minimum is the affiliate's own (their deal's or group's, else the programme's: issue 34).
  const payoutRules = affiliatePayoutRules(affiliate, usePayoutRules(), new Date());
  const root = useRef<HTMLDivElement>(null);
  // Arrived through a link to one of these sections (the checklist's): the placeholder it scrolled to is
  // gone, so go to the section itself.
  useEffect(() => {
    const target = linkedElement();
    if (target && root.current?.contains(target)) target.scrollIntoView();
  }, []);
  return (
    <div ref={root} className={styles.sections}>
      {isAccountComplete(affiliate) ? (
        <LinksSection
          user={user}
          affiliate={affiliate}
          advertiser={advertiser}
          linkDomains={linkDomains}
          readOnly={readOnly}
          onCopied={onLinkCopied}
        />
      ) : (
        <section aria-labelledby="links" className={styles["dashboard-section"]}>
          <h2 id="links">Your Affiliate Links</h2>
          <p className="muted">Complete your payout details below and your tracking links will appear here.</p>
        </section>
      )}
      <PayoutSection key={affiliate.uid} user={user} affiliate={affiliate} rules={payoutRules} readOnly={readOnly} />
      <TransactionHistory uid={uid} riskCase={affiliate.risk_case} />
      {/* Beyond SPEC.md, after its sections: the payouts requested, and the affiliate's postbacks. */}
      <PayoutList user={user} uid={uid} />
      <PostbacksSection user={user} affiliate={affiliate} readOnly={readOnly} />
      {/* Issue 34: the affiliate's commission group and what their sales earn now. */}
      <CommissionSection affiliate={affiliate} advertiser={advertiser} />
      {/* Issue 34: the recruit link, and what each recruit earned the affiliate. */}
      <RecruitsSection user={user} affiliate={affiliate} readOnly={readOnly} />
      {/* Issue 34: the next tiers and the bonuses (the caller's own: not when staff look on). */}
      {readOnly ? null : <RewardsSection user={user} affiliate={affiliate} advertiser={advertiser} />}
    </div>
  );
}
