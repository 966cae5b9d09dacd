import { defaultCommissionRate, defaultRepeatRates, type RepeatRates } from "./commission.js";

export const advertiserIds = ["promptchan", "cutechat", "creategirls"] as const;
export type AdvertiserId = (typeof advertiserIds)[number];

/** The first advertiser: a transaction without advertiser_id belongs to it (SPEC.md §3). */
export const defaultAdvertiserId: AdvertiserId = "promptchan";

export interface Advertiser {
  id: AdvertiserId;
  name: string;
  /** The advertiser's own site: where the tracking redirect sends visitors (and only there). */
  website: string;
  /** Where the tracking links point by default; each deployment may configure its own (linkDomains). */
  defaultLinkDomain: string;
  assetsUrl: string;
  description: string;
  /** One line for cards on the public pages. */
  tagline: string;
  /** What the product offers, for the product cards (a few short phrases). */
  features: readonly string[];
  commissionRate: number;
  repeatRates: RepeatRates;
}

/** The advertisers registry. Domains are defaults; a deployment configures the ones it serves. */
export const advertisers: Record<AdvertiserId, Advertiser> = {
  promptchan: {
    id: "promptchan",
    name: "Promptchan",
    website: "https://promptchan.ai",
    defaultLinkDomain: "https://promptchan.ai",
    assetsUrl: "https://promptchan.ai/affiliate-assets",
    description:
      "AI image and video generator with characters, styles and NSFW models, plus AI chat with the characters you create.",
    tagline: "The AI image, video and chat studio your audience already searches for.",
    features: [
      "Images and short videos from a prompt or a character",
      "Realistic, anime and custom styles, SFW and NSFW",
      "Chat with the characters users create",
      "20% off the first subscription for the users you refer",
    ],
    commissionRate: defaultCommissionRate,
    repeatRates: defaultRepeatRates,
  },
  cutechat: {
    id: "cutechat",
    name: "CuteChat",
    website: "https://cutechat.ai",
    defaultLinkDomain: "https://cutechat.ai",
    assetsUrl: "https://cutechat.ai/affiliate-assets",
    description: "AI companions to chat with: custom characters, memory, voice messages and pictures in the chat.",
    tagline: "AI companions that remember, talk back and send pictures.",
    features: [
      "Custom companions with their own personality",
      "Long-term memory across conversations",
      "Voice messages and pictures in the chat",
    ],
    commissionRate: defaultCommissionRate,
    repeatRates: defaultRepeatRates,
  },
  creategirls: {
    id: "creategirls",
    name: "CreateGirls",
    website: "https://creategirls.ai",
    defaultLinkDomain: "https://creategirls.ai",
    assetsUrl: "https://creategirls.ai/affiliate-assets",
    description: "Design an AI girlfriend from looks to personality, then generate her pictures and chat with her.",
    tagline: "Design an AI girlfriend, then picture her and chat with her.",
    features: [
      "Character designer from looks to personality",
      "Picture generator for the characters users design",
      "Chat that stays in character",
    ],
    commissionRate: defaultCommissionRate,
    repeatRates: defaultRepeatRates,
  },
};

export function isAdvertiserId(value: unknown): value is AdvertiserId {
  return typeof value === "string" && (advertiserIds as readonly string[]).includes(value);
}

/** The link domain for each advertiser: configured ones where given, the registry's defaults otherwise. */
export type LinkDomains = Record<AdvertiserId, string>;

export function linkDomains(configured: Partial<Record<AdvertiserId, string>> = {}): LinkDomains {
  const domains = {} as LinkDomains;
  for (const id of advertiserIds) {
    domains[id] = (configured[id] || advertisers[id].defaultLinkDomain).replace(/\/+$/, "");
  }
  return domains;
}
