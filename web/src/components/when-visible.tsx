/**
 * Renders its children only once their place comes near the screen (issue 20): what sits below the fold
 * (the activity chart and its charting library) is fetched when the affiliate scrolls to it, not with the
 * page. Where the browser cannot tell (no IntersectionObserver), it renders at once.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

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
    if (near || !place.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place}>{placeholder}</div>;
}
