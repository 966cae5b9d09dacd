/** A button that shows and hides a region (the WAI-ARIA disclosure pattern): aria-expanded says which. */
import { Button, type ButtonLook } from "./button";

export interface DisclosureProps extends ButtonLook {
  open: boolean;
  onToggle: () => void;
  /** The id of the region it shows and hides, when that region is in the page. */
  controls?: string;
  /** What the button says while the region is shown, and while it is hidden. */
  labels: { open: string; closed: string };
}

export function Disclosure({ open, onToggle, controls, labels, variant = "ghost", size, className }: DisclosureProps) {
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? labels.open : labels.closed}
    </Button>
  );
}
