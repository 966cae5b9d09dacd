/**
 * The affiliate's default link for the chosen advertiser, with Copy, beside the advertiser switch near the
 * top of the dashboard (issue 32, item 11): the thing an affiliate comes for most often, without scrolling
 * to Your Affiliate Links. Shown once the account is complete (SPEC.md shows links only then). Loaded
 * lazily: the link domain comes from the programme settings, whose checks (zod) stay out of the first chunk.
 */
import { useRef } from "react";
import { affiliateLink } from "@domain/affiliate-link";
import type { AdvertiserId } from "@domain/advertisers";
import { CopyButton } from "../../components/ui/copy-button";
import { useLinkDomains } from "../../lib/programme-settings";
import styles from "./dashboard.module.css";

export default function DefaultLink({
  uid,
  advertiser,
  onCopied,
}: {
  uid: string;
  advertiser: AdvertiserId;
  onCopied?: (() => void) | undefined;
}) {
  const url = affiliateLink(useLinkDomains()[advertiser], uid);
  const shown = useRef<HTMLElement>(null);
  return (
    <p className={styles["default-link"]}>
      <span className={styles["advertiser-bar-label"]}>Your link</span>
      <code ref={shown} className={styles["default-link-url"]} title={url}>
        {url}
      </code>
      <CopyButton
        value={url}
        label="Copy your default link"
        from={() => shown.current}
        onCopied={onCopied}
        refusalClassName={styles["default-link-refused"]}
      />
    </p>
  );
}
