/**
 * The figures the public pages state (issue 34): the rates and payout rules in force, which function `pages`
 * fills into the prerendered HTML and states in the root's data-terms attribute (functions/src/domain/
 * public-terms.ts). The app reads that attribute as it hydrates a page, so it renders the very figures the
 * HTML has; the prerender renders placeholders. An app loaded on another page (a signed-in affiliate's
 * dashboard, then its Products link) has no terms stated: the first public page it shows asks function
 * `pages` for them (/_pages/terms.json) and states SPEC.md's terms, the settings' defaults, until they come.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  defaultPublicTerms,
  publicFigures,
  readPublicTerms,
  termsAttribute,
  type PublicFigures,
  type PublicTerms,
} from "@domain/public-terms";

/** Where function `pages` answers the terms in force (functions/src/pages/public-pages.ts termsJsonPath). */
const termsJsonPath = "/_pages/terms.json";

interface FiguresContextValue {
  figures: PublicFigures;
  /** Asks for the terms in force, once, if the page the app was loaded on did not state them. */
  want(): void;
}

const FiguresContext = createContext<FiguresContextValue>({
  figures: publicFigures(defaultPublicTerms()),
  want: () => undefined,
});

/** `value`: the figures the page states; `stated` false: the page stated none, so they are asked for when shown. */
export function PublicFiguresProvider({
  value,
  stated = true,
  children,
}: {
  value: PublicFigures;
  stated?: boolean;
  children: ReactNode;
}) {
  const [figures, setFigures] = useState(value);
  const asked = useRef(stated);
  const want = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    void fetchTermsInForce().then((terms) => {
      if (terms) setFigures(publicFigures(terms));
    });
  }, []);
  const context = useMemo(() => ({ figures, want }), [figures, want]);
  return <FiguresContext.Provider value={context}>{children}</FiguresContext.Provider>;
}

/** The figures the page states: "60%" for `figures["promptchan.commission"]`. */
export function usePublicFigures(): PublicFigures {
  const { figures, want } = useContext(FiguresContext);
  useEffect(want, [want]);
  return figures;
}

/** The terms in force from function `pages`, or undefined when they cannot be had (the defaults stay). */
async function fetchTermsInForce(): Promise<PublicTerms | undefined> {
  try {
    const response = await fetch(termsJsonPath);
    return response.ok ? readPublicTerms(await response.text()) : undefined;
  } catch {
    return undefined;
  }
}

/** The terms a served page's root states (its data-terms attribute), if it states them. */
export function termsOfPage(root: HTMLElement): PublicTerms | undefined {
  return readPublicTerms(root.getAttribute(termsAttribute) ?? undefined);
}

/** The figures a served page's root states (its data-terms attribute), or SPEC.md's. */
export function figuresOfPage(root: HTMLElement): PublicFigures {
  return publicFigures(termsOfPage(root) ?? defaultPublicTerms());
}
