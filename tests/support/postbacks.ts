/** An affiliate's postback saved through the API, as their dashboard saves it. */
import { api, type TestUser } from "./users.ts";

export interface PostbackFields {
  advertiser?: string;
  tracker?: string;
  events?: string[];
  id?: string;
}

/** POST /api/save_postback: promptchan, every link, sales only, unless `fields` says otherwise. */
export function savePostback(user: Pick<TestUser, "token">, url: string, fields: PostbackFields = {}) {
  return api(user, "POST", "/api/save_postback", {
    advertiser: "promptchan",
    tracker: "*",
    events: ["sale"],
    ...fields,
    url,
  });
}
