import type { AdvertiserId } from "@domain/advertisers";
import { AdvertiserChoice } from "../../components/advertiser-choice";
import styles from "./dashboard.module.css";

/**
 * Which advertiser the trackers and links below it are for (SPEC.md's currentAdvertiser). It sits above
 * both sections it drives, so switching it never changes a section the affiliate cannot see it from.
 */
export function AdvertiserSwitch({
  advertiser,
  onChange,
}: {
  advertiser: AdvertiserId;
  onChange: (advertiser: AdvertiserId) => void;
}) {
  return (
    <div className={styles["advertiser-bar"]}>
      <span id="advertiser-switch-label" className={styles["advertiser-bar-label"]}>
        Trackers and links for
      </span>
      <AdvertiserChoice
        chosen={advertiser}
        onChoose={onChange}
        labelledBy="advertiser-switch-label"
        className={styles["advertiser-switch"]}
      />
    </div>
  );
}
