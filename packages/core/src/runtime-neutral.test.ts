import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const CORE_TSCONFIG = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** Type-checks one file with core's compiler settings; resolves to tsc's error lines. */
async function checkWithCoreSettings(source: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-core-tsc-"));
  try {
    writeFileSync(join(dir, "probe.ts"), source);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ extends: CORE_TSCONFIG, include: [], files: ["probe.ts"] }),
    );
    try {
      await promisify(execFile)(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")]);
      return [];
    } catch (error) {
      const out = String((error as { stdout?: string }).stdout ?? error);
      return out.split("\n").filter((line) => line.includes("error TS"));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("core's compiler settings", () => {
  it("refuse Node globals and allow the web platform's, so core runs in any fetch runtime", async () => {
    const errors = await checkWithCoreSettings(
      [
        "export const web = [fetch, crypto.subtle, new URL('https://a.b'), new TextEncoder(),",
        "  new CompressionStream('gzip'), setTimeout, AbortSignal.timeout(1), performance.now()];",
        "export const buffer = Buffer.from('x');",
        "export const env = process.env.HOME;",
        "export const dir = __dirname;",
      ].join("\n"),
    );
    expect(errors.map((line) => /probe\.ts\((\d+),/.exec(line)?.[1])).toEqual(["3", "4", "5"]);
    expect(errors.join("\n")).toMatch(/Cannot find name 'Buffer'/);
  }, 60_000);
});
