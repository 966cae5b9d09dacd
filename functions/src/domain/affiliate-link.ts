/**
 * An affiliate's tracking link (SPEC.md §7): {link domain}/m/{uid}{suffix}, plus ?landing={value} when a
 * landing page other than the default is chosen. The suffix is a normalised tracker ("/abc") or empty.
 */
export function affiliateLink(linkDomain: string, uid: string, suffix = "", landing = ""): string {
  const base = `${linkDomain.replace(/\/+$/, "")}/m/${encodeURIComponent(uid)}${suffix}`;
  return landing ? `${base}?landing=${encodeURIComponent(landing)}` : base;
}

/** A tracking link's parts: the affiliate and the tracker suffix ("" for the plain link). */
export interface TrackingLink {
  uid: string;
  suffix: string;
}

/** A tracking link's path split back into its parts: "/m/{uid}{suffix}". Undefined when it is not one. */
export function parseTrackingPath(pathname: string): TrackingLink | undefined {
  const match = /^\/m\/([A-Za-z0-9_-]{1,128})((?:\/[a-z0-9/]*)?)$/.exec(pathname);
  if (!match) return undefined;
  return { uid: match[1]!, suffix: match[2]! };
}
