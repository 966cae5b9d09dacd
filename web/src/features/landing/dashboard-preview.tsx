/**
 * The picture of the affiliate dashboard on the landing pages (made by web/scripts/make-images.ts). WebP in
 * two widths with its intrinsic size set, so the browser reserves its place and picks the smaller file on
 * phones. Not preloaded: on a phone it sits below the first screen (public.css), where fetching it early
 * would only take the link from the page's first bytes; on a wide screen the browser finds it in the HTML
 * and raises its priority once layout shows it on screen.
 */
export function DashboardPreview() {
  return (
    <img
      className="screenshot"
      src="/images/dashboard-1200.webp"
      srcSet="/images/dashboard-640.webp 640w, /images/dashboard-1200.webp 1200w"
      sizes="(min-width: 64rem) 36rem, calc(100vw - 2rem)"
      width={1200}
      height={750}
      alt="Sign up for your affiliate dashboard: earnings, sign-ups, clicks and sales at a glance"
      decoding="async"
    />
  );
}
