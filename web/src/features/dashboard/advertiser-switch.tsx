import { advertiserIds, advertisers, type AdvertiserId } from "@domain/advertisers";
import { Button } from "../../components/ui/button";
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
      <div className={styles["advertiser-switch"]} role="radiogroup" aria-labelledby="advertiser-switch-label">
        {advertiserIds.map((id) => (
          <Button
            key={id}
            role="radio"
            aria-checked={id === advertiser}
            size="small"
            variant={id === advertiser ? "primary" : "ghost"}
            onClick={() => onChange(id)}
          >
            {advertisers[id].name}
          </Button>
        ))}
      </div>
    </div>
  );
}
