import { z } from "zod";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { count, domain, uuid } from "../responses/shapes.js";
import { domainJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

export const output = z.strictObject({
  userId: uuid,
  domainCount: count,
  domains: z.array(domain),
});

export const contract: EndpointContract = {
  summary: "List accessible domains",
  description:
    "Every domain the caller owns or that is shared with them, once each (a domain both owned and shared appears as `owner`), sorted by hostname (lowercase, byte order). No body fields.",
  status: 200,
  errors: ["invalid_request"],
};

/** POST /list-user-domains: every owned or shared domain once, sorted by hostname. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  deps,
  user,
  input,
}) => {
  input();
  const domains = await deps.accounts.listAccessibleDomains(user.userId);
  return {
    status: 200,
    body: { userId: user.userId, domainCount: domains.length, domains: domains.map(domainJson) },
  };
};
