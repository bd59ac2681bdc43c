import type { z } from "zod";
import type { Operation } from "../context.js";
import { domainJson } from "../serialize.js";
import { NO_FIELDS } from "../validate.js";

export const input = NO_FIELDS;

/** POST /list-user-domains: every owned or shared domain once, sorted by hostname. */
export const run: Operation<z.output<typeof input>> = async ({ deps, user, input }) => {
  input();
  const domains = await deps.accounts.listAccessibleDomains(user.userId);
  return {
    status: 200,
    body: { userId: user.userId, domainCount: domains.length, domains: domains.map(domainJson) },
  };
};
