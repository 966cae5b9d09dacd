import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { formatDay } from "../../lib/dates";
import { sortUpdates, updates, useIsNewUpdate, type Update } from "../../lib/updates";
import { PageIntro, PublicPage } from "../../components/public-page";
import { Badge } from "../../components/ui/badge";
import styles from "./updates.module.css";

/** SPEC.md §2 "/updates": dated announcements, pinned first, then newest first. */
export function UpdatesPage({ list = updates }: { list?: readonly Update[] }) {
  return (
    <PublicPage narrow>
      <PageMeta
        title="Updates | AI Affiliate Program"
        description="News from the AI Affiliate Program: commission increases, recurring earnings, click, refund and chargeback tracking, landing pages and more."
        path={paths.updates}
        keywords={[
          "affiliate program updates",
          "affiliate commission increase",
          "recurring commission",
          "AI affiliate",
        ]}
      />
      <PageIntro title="Updates" lead="What has changed in the programme, newest first." />
      <ol className={styles.updates} aria-label="Announcements">
        {sortUpdates(list).map((update) => (
          <li key={`${update.date} ${update.title}`}>
            <article className={update.pinned ? `${styles.update} ${styles["update-pinned"]}` : styles.update}>
              <header>
                <p className={styles["update-meta"]}>
                  <time dateTime={update.date}>{formatDay(update.date)}</time>
                  <NewBadge date={update.date} />
                  {update.pinned ? <Badge>Pinned</Badge> : null}
                </p>
                <h2>{update.title}</h2>
              </header>
              {update.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </article>
          </li>
        ))}
      </ol>
    </PublicPage>
  );
}

/** "New" beside an announcement younger than newForDays (lib/updates.ts). */
function NewBadge({ date }: { date: string }) {
  return useIsNewUpdate(date) ? <Badge>New</Badge> : null;
}
