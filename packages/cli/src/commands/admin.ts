import type { Crawlgate, Stores } from "@crawlgate/core";
import { normalizeHostname } from "@crawlgate/core/adapter-kit";
import { CliError, type CommandContext } from "./command.js";
import { withRuntime } from "./load.js";

/** Runs an admin command on the runtime of the configured data directory or database. */
export function withAdmin<T>(
  ctx: CommandContext,
  run: (crawlgate: Crawlgate, stores: Stores) => Promise<T>,
): Promise<T> {
  return withRuntime(ctx, ({ crawlgate, stores }) => run(crawlgate, stores.deps));
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
