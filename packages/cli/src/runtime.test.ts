import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CommandContext } from "./commands/command.js";
import { readConfig } from "./config.js";
import { openRuntime, withRuntime } from "./runtime.js";

describe("openRuntime", () => {
  let dir: string;
  let errors: string[];
  let ctx: CommandContext;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "crawlgate-runtime-"));
    errors = [];
    const io = { out: () => {}, err: (line: string) => errors.push(line), env: {} };
    ctx = { args: [], options: {}, config: readConfig({ "data-dir": dir }, {}), io };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("signs with one secret for every command on a data directory: what one signs, another verifies", async () => {
    const signed = await withRuntime(ctx, ({ crawlgate }) => crawlgate.signing.sign("file", "a"));
    const verifies = (data: string) =>
      withRuntime(ctx, ({ crawlgate }) =>
        crawlgate.signing.verify("file", data, signed.kid, signed.mac),
      );
    expect(await verifies("a")).toBe(true);
    expect(await verifies("b")).toBe(false);
  });

  it("applies a command's wiring over the shared one, with the opened stores", async () => {
    const called: string[] = [];
    const runtime = await openRuntime(ctx, {
      wire: ({ deps }) => ({
        deps: {
          accounts: new Proxy(deps.accounts, {
            get(target, key) {
              const value = Reflect.get(target, key);
              if (typeof value !== "function") return value;
              return (...args: unknown[]) => {
                called.push(String(key));
                return value.apply(target, args);
              };
            },
          }),
        },
        config: { plans: { pro: { ruleLimit: 3 } } },
      }),
    });
    try {
      const created = await runtime.crawlgate.admin.createUser("ada", "pro");
      expect(created.ok).toBe(true);
      expect(called).toContain("createUser");
      expect(runtime.crawlgate.plans.pro.ruleLimit).toBe(3);
    } finally {
      await runtime.close();
    }
  });

  it("closes the stores when the command fails, and logs JSON lines on the command's stderr", async () => {
    const failure = withRuntime(ctx, async ({ logger, stores }) => {
      logger.warn("test.event", { n: 1 });
      await stores.deps.accounts.getUserByName("nobody");
      throw new Error("command failed");
    });
    await expect(failure).rejects.toThrow("command failed");
    expect(JSON.parse(errors[0] as string)).toMatchObject({ level: "warn", event: "test.event" });
    // The SQLite file was released: a second runtime opens (and migrates) it again.
    await withRuntime(ctx, async ({ stores }) => {
      expect(await stores.deps.accounts.getUserByName("nobody")).toBeNull();
    });
  });
});
