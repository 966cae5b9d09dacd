import { useRef, useState, type FormEvent } from "react";
import type { User } from "firebase/auth";
import { affiliateLink } from "@domain/affiliate-link";
import { advertiserIds, advertisers, type AdvertiserId } from "@domain/advertisers";
import { landingPages } from "@domain/landing-pages";
import type { AffiliateDoc } from "@domain/model";
import { isUsableTracker, normalizeTracker, trackerInputMaxLength } from "@domain/tracker";
import { callApi } from "../../lib/api";

interface Props {
  user: User;
  affiliate: AffiliateDoc;
  advertiser: AdvertiserId;
  onAdvertiserChange: (advertiser: AdvertiserId) => void;
  linkDomains: Record<AdvertiserId, string>;
  readOnly: boolean;
}

/** SPEC.md §2 and §7: the affiliate's tracking links, per advertiser, with landing page and trackers. */
export function LinksSection({ user, affiliate, advertiser, onAdvertiserChange, linkDomains, readOnly }: Props) {
  const [landing, setLanding] = useState("");
  const [tracker, setTracker] = useState("");
  const [busy, setBusy] = useState(false);
  const links = affiliate.links[advertiser] ?? [];
  const normalized = normalizeTracker(tracker);
  const canAdd = tracker !== "" && isUsableTracker(normalized) && !links.includes(normalized) && !busy;

  // SPEC.md §8: errors adding or deleting links are only logged.
  async function change(path: "/api/add_custom_link" | "/api/delete_custom_link", body: object) {
    setBusy(true);
    try {
      await callApi(user, "POST", path, { uid: affiliate.uid, currentAdvertiser: advertiser, ...body });
    } catch (error) {
      console.error(`${path} failed:`, error);
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    await change("/api/add_custom_link", { suffix: normalized });
    setTracker("");
  }

  const link = (suffix: string) => affiliateLink(linkDomains[advertiser], affiliate.uid, suffix, landing);
  return (
    <section aria-labelledby="links" className="dashboard-section">
      <h2 id="links">Your Affiliate Links</h2>
      <div className="advertiser-switch" role="radiogroup" aria-label="Advertiser">
        {advertiserIds.map((id) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={id === advertiser}
            className={`button button-small ${id === advertiser ? "button-primary" : "button-ghost"}`}
            onClick={() => onAdvertiserChange(id)}
          >
            {advertisers[id].name}
          </button>
        ))}
      </div>

      <div className="field inline">
        <label htmlFor="landing-page">Landing page</label>
        <select id="landing-page" value={landing} onChange={(event) => setLanding(event.target.value)}>
          {landingPages.map((page) => (
            <option key={page.label} value={page.value}>
              {page.label}
              {page.nsfw ? " (NSFW)" : ""}
            </option>
          ))}
        </select>
      </div>

      <ul className="link-list">
        <LinkRow label="Default" url={link("")} />
        {links.map((suffix) => (
          <LinkRow
            key={suffix}
            label={suffix}
            url={link(suffix)}
            onDelete={readOnly ? undefined : () => change("/api/delete_custom_link", { link: suffix })}
            busy={busy}
          />
        ))}
      </ul>

      {readOnly ? null : (
        <form className="add-tracker" onSubmit={add}>
          <label htmlFor="new-tracker">Add a tracker</label>
          <div className="inline">
            <input
              id="new-tracker"
              value={tracker}
              maxLength={trackerInputMaxLength}
              placeholder="e.g. tiktok"
              aria-describedby="new-tracker-hint"
              onChange={(event) => setTracker(event.target.value)}
            />
            <button type="submit" className="button button-primary" disabled={!canAdd}>
              Add Tracker
            </button>
          </div>
          <p id="new-tracker-hint" className="muted small">
            {tracker ? (
              <>
                Will be added as <code>{normalized}</code>
                {links.includes(normalized) ? " (you already have it)" : ""}.
              </>
            ) : (
              "Up to 6 letters or digits: each tracker gets its own link and its own figures."
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
  onDelete,
  busy,
}: {
  label: string;
  url: string;
  onDelete?: () => void;
  busy?: boolean;
}) {
  const [copy, setCopy] = useState<"idle" | "copied" | "refused">("idle");
  const urlText = useRef<HTMLElement>(null);
  async function copyLink() {
    try {
      // Absent outside a secure context; refused when the page lacks the permission or focus.
      if (!navigator.clipboard) throw new Error("No clipboard access");
      await navigator.clipboard.writeText(url);
      setCopy("copied");
      window.setTimeout(() => setCopy((now) => (now === "copied" ? "idle" : now)), 2000);
    } catch {
      // The browser said no: select the link so one keystroke copies it, and say so.
      if (urlText.current) window.getSelection()?.selectAllChildren(urlText.current);
      setCopy("refused");
    }
  }
  return (
    <li className="link-row">
      <span className="link-label">{label}</span>
      <code className="link-url" ref={urlText}>
        {url}
      </code>
      <button
        type="button"
        className="button button-small button-ghost"
        onClick={copyLink}
        aria-label={`Copy the ${label} link`}
      >
        {copy === "copied" ? "Copied!" : "Copy"}
      </button>
      {onDelete ? (
        <button
          type="button"
          className="button button-small button-danger"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete tracker ${label}`}
        >
          Delete
        </button>
      ) : null}
      {copy === "refused" ? (
        <p className="link-copy-refused muted small" role="status">
          Your browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.
        </p>
      ) : null}
    </li>
  );
}
