/**
 * Renders its children only once their place comes near the screen (issue 20): what sits below the fold
 * (the activity chart and its charting library, the dashboard's lower sections) is fetched when the
 * affiliate scrolls to it, not with the page. It also renders when something inside the placeholder is
 * focused (a keyboard or screen reader moving through the page) or linked to (the address's #fragment
 * names an element in it, as the dashboard's checklist links do), so nothing waits for a scroll that will
 * not come. Where the browser cannot observe, it renders at once.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

/** The element the address's #fragment names (null: none, or no such element). */
export function linkedElement(): HTMLElement | null {
  const id = decodeURIComponent(window.location.hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/** Whether the address's #fragment names an element inside `place`. */
function linkedInto(place: HTMLElement): boolean {
  const target = linkedElement();
  return target !== null && place.contains(target);
}

export function WhenVisible({
  children,
  placeholder,
  margin = "0px",
}: {
  children: ReactNode;
  /** What holds the place meanwhile (sized like the children, so nothing jumps when they arrive). */
  placeholder: ReactNode;
  /** How far off the screen counts as near (the root margin): by default, once any of it is on the screen. */
  margin?: string;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (linkedInto(element)) return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    const onHashChange = () => {
      if (linkedInto(element)) setNear(true);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => {
      observer.disconnect();
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [near, margin]);
  return near ? (
    children
  ) : (
    <div ref={place} onFocus={() => setNear(true)}>
      {placeholder}
    </div>
  );
}
