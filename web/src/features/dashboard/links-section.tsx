import { useRef, useState, type FormEvent } from "react";
import type { User } from "firebase/auth";
import { affiliateLink } from "@domain/affiliate-link";
import type { AdvertiserId } from "@domain/advertisers";
import { landingPages } from "@domain/landing-pages";
import type { AffiliateDoc } from "@domain/model";
import { isUsableTracker, normalizeTracker, trackerInputMaxLength } from "@domain/tracker";
import { Button } from "../../components/ui/button";
import { copyButtonName } from "../../components/ui/copy-button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { useAction } from "../../components/ui/use-action";
import { useCopy } from "../../components/ui/use-copy";
import { addCustomLink, deleteCustomLink } from "./dashboard-api";
import styles from "./dashboard.module.css";

const landingOptions = landingPages.map((page) => ({
  label: `${page.label}${page.nsfw ? " (NSFW)" : ""}`,
  value: page.value,
}));

interface Props {
  user: User;
  affiliate: AffiliateDoc;
  advertiser: AdvertiserId;
  linkDomains: Record<AdvertiserId, string>;
  readOnly: boolean;
  /** Told when a link has been copied (the first-run checklist's step). */
  onCopied?: () => void;
}

/**
 * SPEC.md §2 and §7: the affiliate's tracking links, per advertiser, with landing page and trackers. Deleting
 * a tracker asks first (issue 32): its link stops counting and its figures move to Removed trackers.
 */
export function LinksSection({ user, affiliate, advertiser, linkDomains, readOnly, onCopied }: Props) {
  const [landing, setLanding] = useState("");
  const [tracker, setTracker] = useState("");
  // The tracker whose deletion is being confirmed; none while no dialog is open.
  const [deleting, setDeleting] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const changing = useAction();
  const busy = changing.busy;
  const links = affiliate.links[advertiser] ?? [];
  const normalized = normalizeTracker(tracker);
  const canAdd = tracker !== "" && isUsableTracker(normalized) && !links.includes(normalized) && !busy;

  const owner = { uid: affiliate.uid, currentAdvertiser: advertiser };

  // SPEC.md §8: errors adding or deleting links are only logged.
  const change = (name: string, call: () => Promise<void>) =>
    changing.run(call, {
      failure: (_, error) => {
        console.error(`/api/${name} failed:`, error);
        return null;
      },
    });

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    await change("add_custom_link", () => addCustomLink(user, owner, normalized));
    setTracker("");
  }

  /** Deletes the confirmed tracker; focus then goes to the section, as the row it was on is gone. */
  async function remove(suffix: string) {
    setDeleting(null);
    if (await change("delete_custom_link", () => deleteCustomLink(user, owner, suffix))) heading.current?.focus();
  }

  const link = (suffix: string) => affiliateLink(linkDomains[advertiser], affiliate.uid, suffix, landing);
  return (
    <section aria-labelledby="links" className={styles["dashboard-section"]}>
      <h2 id="links" ref={heading} tabIndex={-1}>
        Your Affiliate Links
      </h2>

      <Field
        id="landing-page"
        label="Landing page"
        inline
        value={landing}
        onChange={setLanding}
        options={landingOptions}
      />

      <ul className={styles["link-list"]}>
        <LinkRow label="Default" url={link("")} onCopied={onCopied} />
        {links.map((suffix) => (
          <LinkRow
            key={suffix}
            label={suffix}
            url={link(suffix)}
            onCopied={onCopied}
            onDelete={readOnly ? undefined : () => setDeleting(suffix)}
            busy={busy}
          />
        ))}
      </ul>

      <Dialog
        open={deleting !== null}
        title={`Delete tracker ${deleting ?? ""}?`}
        onClose={() => setDeleting(null)}
        closeLabel="Cancel"
        actions={
          <Button variant="danger" onClick={() => deleting !== null && void remove(deleting)}>
            Delete tracker
          </Button>
        }
      >
        {deleting !== null ? (
          <>
            <p>
              Visitors who open <code className={styles["link-url"]}>{link(deleting)}</code> will no longer be counted
              for you, and the tracker&apos;s figures move to Removed trackers.
            </p>
            <p>Adding {deleting} again later starts it from nothing.</p>
          </>
        ) : null}
      </Dialog>

      {readOnly ? null : (
        <form className={styles["add-tracker"]} onSubmit={(event) => void add(event)}>
          <label htmlFor="new-tracker">Add a tracker</label>
          <div className={styles.inline}>
            <input
              id="new-tracker"
              value={tracker}
              maxLength={trackerInputMaxLength}
              placeholder="e.g. tiktok"
              aria-describedby="new-tracker-hint"
              onChange={(event) => setTracker(event.target.value)}
            />
            <Button type="submit" disabled={!canAdd}>
              Add Tracker
            </Button>
          </div>
          <p id="new-tracker-hint" className={`muted ${styles.small}`}>
            {tracker ? (
              <>
                Will be added as <code>{normalized}</code>
                {links.includes(normalized) ? " (you already have it)" : ""}.
              </>
            ) : (
              "Up to 6 letters or digits: each tracker gets its own link and its own figures. Deleting one moves its figures to Removed trackers."
            )}
          </p>
        </form>
      )}
    </section>
  );
}

function LinkRow({
  label,
  url,
  onCopied,
  onDelete,
  busy,
}: {
  label: string;
  url: string;
  onCopied?: () => void;
  onDelete?: () => void;
  busy?: boolean;
}) {
  const { state: copy, copy: copyText } = useCopy();
  const urlText = useRef<HTMLElement>(null);
  const copyLink = async () => {
    if (await copyText(url, urlText.current)) onCopied?.();
  };
  return (
    <li className={styles["link-row"]}>
      <span className={styles["link-label"]}>{label}</span>
      <code className={styles["link-url"]} ref={urlText}>
        {url}
      </code>
      <Button
        size="small"
        variant="ghost"
        onClick={() => void copyLink()}
        aria-label={copyButtonName(`Copy the ${label} link`, copy)}
      >
        {copy === "copied" ? "Copied!" : "Copy"}
      </Button>
      {onDelete ? (
        <Button
          size="small"
          variant="danger"
          className={styles["link-delete"]}
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete tracker ${label}`}
        >
          Delete
        </Button>
      ) : null}
      {copy === "refused" ? (
        <p className={`${styles["link-copy-refused"]} muted ${styles.small}`} role="status">
          Your browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.
        </p>
      ) : null}
    </li>
  );
}
