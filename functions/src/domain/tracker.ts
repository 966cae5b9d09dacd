/** The custom-tracker input accepts at most 6 characters (SPEC.md §5). */
export const trackerInputMaxLength = 6;

/** A normalised tracker is at most 12 characters (SPEC.md §5, §9). */
export const trackerMaxLength = 12;

/**
 * Normalises a custom tracker (SPEC.md §5): a leading slash, lowercase, only a-z, 0-9 and slash kept, cut
 * to 12 characters. The slash is added only when missing, so normalising twice changes nothing.
 */
export function normalizeTracker(input: string): string {
  const withSlash = input.startsWith("/") ? input : `/${input}`;
  return withSlash
    .toLowerCase()
    .replace(/[^a-z0-9/]/g, "")
    .slice(0, trackerMaxLength);
}

/** A tracker worth keeping names something: after normalising it still has a letter or a digit. */
export function isUsableTracker(normalized: string): boolean {
  return /[a-z0-9]/.test(normalized) && normalized === normalizeTracker(normalized);
}
