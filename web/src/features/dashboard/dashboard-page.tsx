import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useFirestore } from "reactfire";
import type { User } from "firebase/auth";
import { isAccountComplete } from "@domain/payout-details";
import { payoutMessages } from "@domain/payout-eligibility";
import { programme } from "@domain/programme";
import { Loading } from "../../components/loading";
import { WhenVisible } from "../../components/when-visible";
import { Button } from "../../components/ui/button";
import { Message } from "../../components/ui/message";
import { useAction } from "../../components/ui/use-action";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { isStaff, useLogOut, useSignedIn } from "../../lib/auth";
import { forgetLastSeen, lastSeenOf, saveLastSeen, type ShownFigures } from "../../lib/last-seen-figures";
import { AdvertiserSwitch } from "./advertiser-switch";
import { CompensationBanner } from "./compensation-banner";
import { ConversionReport } from "./conversion-report";
import { createAccount } from "./dashboard-api";
import { findAffiliates, maxMatches, type AffiliateMatch } from "./find-affiliate";
import { FirstRunChecklist, useLinkCopied } from "./first-run-checklist";
import { figuresOf, FigureSections, LastSeenFigures } from "./stat-cards";
import { TrackerCards } from "./tracker-cards";
import { useEarlyFigures } from "./early-dashboard";
import { useAffiliate, useCurrentAdvertiser } from "./use-affiliate";
import styles from "./dashboard.module.css";

// The chart library is loaded after the cards, on its own.
const ActivityChart = lazy(() => import("./activity-chart"));
// The links, postbacks, payout forms, payouts and history: loaded as they come near the screen.
const AccountSections = lazy(() => import("./account-sections"));
const DefaultLink = lazy(() => import("./default-link"));

/** How far below the screen the lower sections start loading: a screen and a half, so a scroll finds them. */
const sectionsMargin = "0px 0px 150% 0px";
export const sectionsLoading = "Loading your links and payouts…";

/** The chart's place while it is off the screen or loading: its height, so the page does not jump. */
function ChartPlaceholder() {
  return (
    <div className={styles["chart-placeholder"]}>
      <Loading label="Loading the chart…" />
    </div>
  );
}

/**
 * The lower sections' place while they are off the screen or loading: their headings (with the ids the
 * checklist links to), so the page's outline and its links are there before the sections are.
 */
function SectionsPlaceholder() {
  const headings = [
    ["links", "Your Affiliate Links"],
    ["postbacks", "Postbacks"],
    ["payout", "Payout"],
    ["your-payouts", "Your Payouts"],
    ["transactions", "Transaction History"],
  ] as const;
  return (
    <div className={styles["sections-placeholder"]}>
      {headings.map(([id, title]) => (
        <section key={id} aria-labelledby={id} className={styles["dashboard-section"]}>
          <h2 id={id}>{title}</h2>
          {id === "payout" ? <h3 id="details-heading">Payout Details</h3> : null}
          {id === "links" ? <Loading label={sectionsLoading} /> : null}
        </section>
      ))}
    </div>
  );
}

export function DashboardPage() {
  return (
    <>
      <PageMeta
        title={`Dashboard | ${programme.name}`}
        description="Your earnings, sign-ups, clicks, sales, links and payouts."
        path={paths.dashboard}
        noindex
      />
      <Dashboard />
    </>
  );
}

function Dashboard() {
  const { user, claims } = useSignedIn();
  const isAdmin = claims.admin;
  // The viewed affiliate is in the address (?uid=), so the staff cards can link to it and Back works.
  const [params, setParams] = useSearchParams();
  const viewedUid = isAdmin ? params.get("uid") || null : null;
  const uid = viewedUid ?? user.uid;
  const view = (next: string | null) => setParams(next ? { uid: next } : {});
  return (
    <div className={styles.dashboard}>
      {/* Keyed apart from the dashboard below (which is keyed by uid too), so the box starts afresh per view. */}
      {isAdmin ? <SetUid key={`set-uid:${viewedUid ?? ""}`} current={viewedUid} onChange={view} /> : null}
      <AffiliateDashboard key={uid} user={user} uid={uid} readOnly={uid !== user.uid} />
    </div>
  );
}

/**
 * SPEC.md §2: the admin's Set Uid box: any affiliate's dashboard, read-only. Takes the uid, or an e-mail or
 * a name, or the start of any of them, which it looks up; several matches are listed to choose from.
 */
function SetUid({ current, onChange }: { current: string | null; onChange: (uid: string | null) => void }) {
  const db = useFirestore();
  const [value, setValue] = useState(current ?? "");
  const searching = useAction();
  // What the last search found when it was not one affiliate: none, or several to choose from.
  const [found, setFound] = useState<AffiliateMatch[] | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return onChange(null);
    void searching.run(
      async () => {
        setFound(null);
        const matches = await findAffiliates(db, value);
        if (matches.length === 1) onChange(matches[0]!.uid);
        else setFound(matches);
      },
      {
        failure: (_, error) => {
          console.error("Set Uid: the search failed", error);
          setFound([]);
          return null;
        },
      },
    );
  }
  return (
    <form className={styles["set-uid"]} onSubmit={submit} aria-label="Admin: view an affiliate">
      <label htmlFor="set-uid">Set Uid</label>
      <input
        id="set-uid"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Affiliate uid, e-mail or name"
      />
      <Button type="submit" size="small" disabled={searching.busy}>
        Set Uid
      </Button>
      {current ? (
        <Button variant="ghost" size="small" onClick={() => onChange(null)}>
          Back to my account
        </Button>
      ) : null}
      {found?.length === 0 ? (
        <Message tone="error" className={styles["set-uid-result"]}>
          No affiliate has a uid, e-mail or name that is or starts with “{value.trim()}”.
        </Message>
      ) : null}
      {found && found.length > 1 ? (
        <div className={styles["set-uid-result"]}>
          <p role="status">
            {found.length > maxMatches
              ? `More than ${maxMatches} affiliates match: search by e-mail or uid.`
              : `${found.length} affiliates match: choose one.`}
          </p>
          <ul className={styles["set-uid-matches"]}>
            {found.slice(0, maxMatches).map((match) => (
              <li key={match.uid}>
                <Button variant="ghost" size="small" onClick={() => onChange(match.uid)}>
                  {match.name || "(no name)"} · {match.email || match.uid}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}

function AffiliateDashboard({ user, uid, readOnly }: { user: User; uid: string; readOnly: boolean }) {
  const { claims } = useSignedIn();
  const affiliate = useAffiliate(uid);
  const [advertiser, setAdvertiser] = useCurrentAdvertiser();
  // Staff and admin never asked for an affiliate account: opening the dashboard does not make one.
  const mayCreate = !readOnly && !isStaff(claims);
  const account = useAccountCreation(user, mayCreate, affiliate.status === "success" && !affiliate.data);
  const [linkCopied, markLinkCopied] = useLinkCopied(uid);
  // The figures this device last saw live (never at a read-only view of someone else), until the live ones.
  const [lastSeen] = useState(() => (readOnly ? undefined : lastSeenOf(uid)));
  // A first visit's figures, read before the SDKs (lib/early-figures.ts), until the listener answers.
  const early = useEarlyFigures(readOnly ? null : uid);
  const live = affiliate.status === "success" && affiliate.live === true;
  const data = affiliate.status === "success" ? affiliate.data : undefined;
  useEffect(() => {
    if (readOnly || !live) return;
    if (data && !data.fraud_user) saveLastSeen(uid, figuresOf(data, new Date()));
    else forgetLastSeen();
  }, [readOnly, live, data, uid]);

  if (affiliate.status === "loading") {
    // The early reads are newer than anything kept here (which may be those same figures, kept on arrival).
    const pending = early ?? lastSeen;
    return pending ? <LastSeenFigures shown={pending} /> : <Loading page label="Loading your dashboard…" />;
  }
  if (affiliate.status === "error") {
    console.error("Reading the dashboard failed:", affiliate.error);
    return (
      <Message tone="error" announce={false}>
        Your dashboard could not be loaded. Please try again later.
      </Message>
    );
  }
  if (!data) {
    if (readOnly) {
      return (
        <Message tone="error" announce={false}>
          No affiliate has the uid {uid}.
        </Message>
      );
    }
    if (!mayCreate) {
      return (
        <Message announce={false}>
          This is not an affiliate account, so it has no dashboard of its own.{" "}
          {claims.admin ? "Enter an affiliate's uid in Set Uid to view theirs, or find them " : "Affiliates are "}
          on the <Link to={paths.advertiser}>Advertiser page</Link>.
        </Message>
      );
    }
    return account.error ? (
      <Message tone="error" announce={false}>
        {account.error}
      </Message>
    ) : (
      <Loading page label="Setting up your account…" />
    );
  }
  if (data.fraud_user && !readOnly) return <SuspendedNotice />;

  const now = new Date();
  // From Firestore's cache on this device, the figures are marked as last seen until the server answers.
  const shown: ShownFigures = live
    ? { figures: figuresOf(data, now), stale: false }
    : { figures: figuresOf(data, now), stale: true, savedAt: lastSeen?.stale ? lastSeen.savedAt : null };
  return (
    <>
      {readOnly ? (
        <Message announce={false} className={styles["read-only-note"]}>
          Viewing {data.name || data.email || uid} ({uid}), read-only.
        </Message>
      ) : null}
      {data.fraud_user ? (
        <Message tone="error" announce={false}>
          {payoutMessages.suspended}
        </Message>
      ) : null}
      <CompensationBanner uid={uid} cents={data.july4bug_comp_cents} />
      {readOnly ? null : <FirstRunChecklist affiliate={data} linkCopied={linkCopied} />}
      <FigureSections shown={shown} />
      <AdvertiserSwitch advertiser={advertiser} onChange={setAdvertiser} />
      {isAccountComplete(data) ? (
        <Suspense fallback={<p className={styles["default-link"]} />}>
          <DefaultLink uid={uid} advertiser={advertiser} onCopied={readOnly ? undefined : markLinkCopied} />
        </Suspense>
      ) : null}
      <TrackerCards affiliate={data} advertiser={advertiser} />
      {/* SPEC.md §2's order: the links right after the tracker cards, then the payouts and transactions
          (account-sections.tsx); what we added comes after them (issue 32). */}
      <WhenVisible placeholder={<SectionsPlaceholder />} margin={sectionsMargin}>
        <Suspense fallback={<SectionsPlaceholder />}>
          <AccountSections
            user={user}
            uid={uid}
            affiliate={data}
            advertiser={advertiser}
            readOnly={readOnly}
            onLinkCopied={markLinkCopied}
          />
        </Suspense>
      </WhenVisible>
      <section aria-labelledby="activity" className={styles["dashboard-section"]}>
        <h2 id="activity">Activity</h2>
        <WhenVisible placeholder={<ChartPlaceholder />}>
          <Suspense fallback={<ChartPlaceholder />}>
            <ActivityChart affiliate={data} now={now} />
          </Suspense>
        </WhenVisible>
      </section>
      <ConversionReport affiliate={data} advertiser={advertiser} />
    </>
  );
}

/** A signed-in affiliate without an account (its creation failed, or happened elsewhere) gets one, once. */
function useAccountCreation(user: User, mayCreate: boolean, missing: boolean) {
  const { message, run } = useAction();
  const asked = useRef(false);
  useEffect(() => {
    if (!missing || !mayCreate || asked.current) return;
    asked.current = true;
    void run(
      async () => {
        // An admin by configuration learns it on this call: a fresh token carries the claim, and the page
        // then shows them as staff instead of an affiliate without an account.
        if ((await createAccount(user)) === "staff") await user.getIdToken(true);
      },
      { failure: (text) => text || "Failed to create account" },
    );
  }, [missing, mayCreate, user, run]);
  return { error: message?.text ?? null };
}

/** SPEC.md §4: a fraud_user account sees only the suspension notice, and can log out. */
function SuspendedNotice() {
  const logOut = useLogOut();
  return (
    <section className={styles.suspended} role="alert">
      <p>{payoutMessages.suspended}</p>
      <Button onClick={() => void logOut()}>Log out</Button>
    </section>
  );
}
