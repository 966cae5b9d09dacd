/** One of a few choices as a row of buttons (a radio group): the chosen one looks primary, the rest ghost. */
import type { ReactNode } from "react";
import { Button } from "./button";

export interface ChoiceButtonsProps<T extends string | number> {
  choices: readonly T[];
  chosen: T;
  onChoose: (choice: T) => void;
  /** What each choice reads as. */
  labelOf: (choice: T) => ReactNode;
  /** The group's accessible name, given directly or by the id of an element that says it. */
  label?: string;
  labelledBy?: string;
  /** A class of the caller's own, for the row's layout. */
  className?: string | undefined;
}

export function ChoiceButtons<T extends string | number>({
  choices,
  chosen,
  onChoose,
  labelOf,
  label,
  labelledBy,
  className,
}: ChoiceButtonsProps<T>) {
  return (
    <div role="radiogroup" aria-label={label} aria-labelledby={labelledBy} className={className}>
      {choices.map((choice) => (
        <Button
          key={choice}
          role="radio"
          aria-checked={choice === chosen}
          size="small"
          variant={choice === chosen ? "primary" : "ghost"}
          onClick={() => onChoose(choice)}
        >
          {labelOf(choice)}
        </Button>
      ))}
    </div>
  );
}
