/** One of the advertisers, as a row of buttons (a radio group) named by their names. */
import { advertiserIds, advertisers, type AdvertiserId } from "@domain/advertisers";
import { ChoiceButtons } from "./ui/choice-buttons";

export interface AdvertiserChoiceProps {
  chosen: AdvertiserId;
  onChoose: (advertiser: AdvertiserId) => void;
  /** The group's accessible name, given directly or by the id of an element that says it. */
  label?: string;
  labelledBy?: string;
  className?: string | undefined;
}

export function AdvertiserChoice({ chosen, onChoose, label, labelledBy, className }: AdvertiserChoiceProps) {
  return (
    <ChoiceButtons
      choices={advertiserIds}
      chosen={chosen}
      onChoose={onChoose}
      labelOf={(id) => advertisers[id].name}
      label={label}
      labelledBy={labelledBy}
      className={className}
    />
  );
}
