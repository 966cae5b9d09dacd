/**
 * The figures the public pages state (issue 34): the rates and payout rules in force, which function `pages`
 * fills into the prerendered HTML and states in the root's data-terms attribute (functions/src/domain/
 * public-terms.ts). The app reads that attribute as it hydrates a page, so it renders the very figures the
 * HTML has; the prerender renders placeholders; without either (a unit test, a page reached inside the app)
 * the pages state SPEC.md's terms, the settings' defaults.
 */
import { createContext, useContext, type ReactNode } from "react";
import {
  defaultPublicTerms,
  publicFigures,
  readPublicTerms,
  termsAttribute,
  type PublicFigures,
} from "@domain/public-terms";

const FiguresContext = createContext<PublicFigures>(publicFigures(defaultPublicTerms()));

export function PublicFiguresProvider({ value, children }: { value: PublicFigures; children: ReactNode }) {
  return <FiguresContext.Provider value={value}>{children}</FiguresContext.Provider>;
}

/** The figures the page states: "60%" for `figures["promptchan.commission"]`. */
export const usePublicFigures = (): PublicFigures => useContext(FiguresContext);

/** The figures a served page's root states (its data-terms attribute), or SPEC.md's. */
export function figuresOfPage(root: HTMLElement): PublicFigures {
  return publicFigures(readPublicTerms(root.getAttribute(termsAttribute) ?? undefined) ?? defaultPublicTerms());
}
