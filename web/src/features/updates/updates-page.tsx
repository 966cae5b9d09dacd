import { PageMeta } from "../../components/page-meta";
import { paths } from "../../app/paths";
import { formatUpdateDate, sortUpdates, updates, type Update } from "./updates";

/** SPEC.md §2 "/updates": dated announcements, pinned first, then newest first. */
export function UpdatesPage({ list = updates }: { list?: readonly Update[] }) {
  return (
    <div className="public-page narrow">
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
      <header className="page-intro">
        <h1>Updates</h1>
        <p className="lead">What has changed in the programme, newest first.</p>
      </header>
      <ol className="updates" aria-label="Announcements">
        {sortUpdates(list).map((update) => (
          <li key={`${update.date} ${update.title}`}>
            <article className={update.pinned ? "update update-pinned" : "update"}>
              <header>
                <p className="update-meta">
                  <time dateTime={update.date}>{formatUpdateDate(update.date)}</time>
                  {update.pinned ? <span className="badge">Pinned</span> : null}
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
    </div>
  );
}
