import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** A Lua script run with EVALSHA, falling back to EVAL once when Redis does not know it yet. */
export interface LuaScript {
  run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>;
}

export function luaScript(source: string): LuaScript {
  const sha = createHash("sha1").update(source).digest("hex");
  return {
    async run(client, keys, args) {
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
        return client.eval(source, keys.length, ...keys, ...args);
      }
    },
  };
}
