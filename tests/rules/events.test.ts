import { event } from "../support/rules-factories.ts";
import { documentOperations, accessMatrix, useRulesSuite } from "../support/rules-matrix.ts";

const suite = useRulesSuite(import.meta.url, {
  "events/promptchan_evt-1": event(),
});

accessMatrix(
  suite,
  "events/{advertiserId}_{eventId}",
  documentOperations({
    collection: "events",
    existingId: "promptchan_evt-1",
    newId: "promptchan_evt-2",
    create: event({ event_id: "evt-2" }),
    update: { type: "refund" },
  }),
  {
    anonymous: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    owner: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    otherAffiliate: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    staff: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    admin: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
  },
);
