import type { Operation } from "../context.js";
import { rejectUnknownFields } from "../fields.js";
import { domainJson } from "../serialize.js";

/** POST /list-user-domains: every owned or shared domain once, sorted by hostname. */
export const listUserDomains: Operation = async ({ deps, user, body }) => {
  rejectUnknownFields(body, []);
  const domains = await deps.accounts.listAccessibleDomains(user.userId);
  return {
    status: 200,
    body: { userId: user.userId, domainCount: domains.length, domains: domains.map(domainJson) },
  };
};
