/**
 * Issue 33's "one person, several accounts" on an affiliate's card: "Shares a payout destination with 2
 * other affiliates", then who they are (name and e-mail, each opening that affiliate in the list). The
 * count comes with the list's page; the names are asked for only once a card showing it is open.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { formatCountOf } from "@domain/numbers";
import { sharedDestinationLine } from "@domain/shared-destination";
import { paths } from "../../config/paths";
import { useSignedIn } from "../../lib/auth";
import { fetchSharedDestination } from "./advertiser-api";
import styles from "./shared-destination.module.css";

/** Where the list shows one affiliate: searched by their uid. */
export const affiliateHref = (uid: string) => `${paths.advertiser}?${new URLSearchParams({ q: uid })}`;

/** The line, and the affiliates named under it; nothing for an affiliate who shares no destination. */
export function SharedDestination({ uid, others }: { uid: string; others: number }) {
  if (others === 0) return null;
  return <SharedWith uid={uid} others={others} />;
}

function SharedWith({ uid, others }: { uid: string; others: number }) {
  const { user } = useSignedIn();
  const { data, isError } = useQuery({
    queryKey: ["shared-destination", user.uid, uid],
    queryFn: () => fetchSharedDestination(user, uid),
  });
  // Until the names come, the count the list gave; then the kind of destination and the count they give.
  const line = data?.kind
    ? sharedDestinationLine(data.others.length + data.more, data.kind)
    : sharedDestinationLine(others);
  return (
    <section className={styles.shared} aria-label="Shared payout destination">
      <p className={styles.line}>
        <span aria-hidden="true">⚠</span> {line}
      </p>
      {data && data.others.length > 0 ? (
        <ul className={styles.others}>
          {data.others.map((other) => (
            <li key={other.user_id}>
              <Link to={affiliateHref(other.user_id)}>{other.name || other.email || other.user_id}</Link>
              {other.email && other.name ? <span className="muted"> · {other.email}</span> : null}
            </li>
          ))}
          {data.more > 0 ? <li className="muted">and {data.more} more</li> : null}
        </ul>
      ) : isError ? (
        <p className="muted">Who they are could not be loaded.</p>
      ) : null}
    </section>
  );
}

/** The table's mark on a row whose affiliate shares a payout destination (the card it opens names them). */
export function SharedMark({ others }: { others: number }) {
  if (others === 0) return null;
  return (
    <span className={styles.mark} title={sharedDestinationLine(others)}>
      <span aria-hidden="true">⚠ </span>
      Payout shared with {formatCountOf(others, "other", "others")}
    </span>
  );
}
