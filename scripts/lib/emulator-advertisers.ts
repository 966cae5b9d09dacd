/**
 * The advertisers' documents as the emulators hold them, for the demo data and the benchmarks alike: the
 * product's advertiser constants, with link domains that reach the Hosting emulator (cutechat and
 * creategirls on their own *.localhost host names, which browsers resolve to 127.0.0.1, so the redirect
 * can tell them apart).
 */
import type { Advertiser, AdvertiserId } from "../../functions/src/domain/advertisers.ts";
import { emulators } from "./project.ts";

const emulatorLinkDomains: Record<AdvertiserId, string> = {
  promptchan: `http://${emulators.hosting.host}:${emulators.hosting.port}`,
  cutechat: `http://cutechat.localhost:${emulators.hosting.port}`,
  creategirls: `http://creategirls.localhost:${emulators.hosting.port}`,
};

export function emulatorAdvertiserDocument(id: AdvertiserId, advertiser: Advertiser) {
  return {
    name: advertiser.name,
    website: advertiser.website,
    link_domain: emulatorLinkDomains[id],
    assets_url: advertiser.assetsUrl,
    description: advertiser.description,
    commission_rate: advertiser.commissionRate,
    repeat_rates: advertiser.repeatRates,
  };
}
