import { type Crawlgate, createCrawlgate, type Stores } from "@crawlgate/core";
import { normalizeHostname } from "@crawlgate/core/adapter-kit";
import { openStores } from "../stores.js";
import { CliError, type CommandContext } from "./command.js";

/** Runs an admin command over the stores of the configured data directory or database. */
export async function withAdmin<T>(
  ctx: CommandContext,
  run: (crawlgate: Crawlgate, stores: Stores) => Promise<T>,
): Promise<T> {
  const stores = await openStores(ctx.config);
  try {
    return await run(createCrawlgate(stores.deps), stores.deps);
  } finally {
    await stores.close();
  }
}

/** The value of an `AdminResult`, or a `CliError` with its message. */
export function unwrap<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new CliError(result.message);
  return result.value;
}

export async function userIdOf(stores: Stores, name: string): Promise<string> {
  const user = await stores.accounts.getUserByName(name);
  if (!user) throw new CliError(`no user named "${name}"`);
  return user.userId;
}

export async function domainOf(stores: Stores, hostname: string) {
  const domain = await stores.accounts.getDomainByHostname(normalizeHostname(hostname) ?? "");
  if (!domain) throw new CliError(`no domain "${hostname}" (add it with: crawlgate domains add)`);
  return domain;
}
