import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * What each README ```ts block may use without defining it: the earlier block it continues, or a
 * name the surrounding prose introduces (an Express app, the caller's logger, a request's fields).
 * The README's own text is compiled as written after this context.
 */
const CONTEXT: { after?: number; declare: string }[] = [
  { declare: "" },
  {
    after: 0,
    declare: "declare const domainId: string, userAgent: string, ip: string, referer: string;",
  },
  { after: 0, declare: 'declare const logger: import("@crawlgate/core").Logger;' },
  { declare: "declare const domainId: string;" },
  {
    declare: [
      'import { createCrawlgate, createScheduler, systemClock } from "@crawlgate/core";',
      'declare const stores: import("@crawlgate/core").Stores;',
      'declare const logger: import("@crawlgate/core").Logger;',
      'declare const app: import("express").Express;',
      'declare const yourRoutes: import("express").RequestHandler;',
    ].join("\n"),
  },
  { declare: 'declare const crawlgate: import("@crawlgate/core").Crawlgate;' },
];

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

/** Moves `import` lines first (a continued block's imports follow the earlier block's code). */
function hoistImports(source: string): string {
  const lines = source.split("\n");
  const imports = lines.filter((l) => /^import .* from "[^"]+";$/.test(l));
  return [...imports, ...lines.filter((l) => !imports.includes(l))].join("\n");
}

describe("the README's TypeScript", () => {
  it("every ```ts block typechecks as written", { timeout: 300_000 }, () => {
    const blocks = tsBlocks(readFileSync(`${root}README.md`, "utf8"));
    // A new or removed block needs its context here.
    expect(blocks).toHaveLength(CONTEXT.length);
    const dir = `${root}packages/integration-tests/.readme-check`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    try {
      const files = blocks.map((block, i) => {
        const context = CONTEXT[i] as (typeof CONTEXT)[number];
        const earlier = context.after === undefined ? "" : (blocks[context.after] as string);
        const file = `block-${i + 1}.ts`;
        const source = hoistImports(`${context.declare}\n${earlier}\n${block}`);
        writeFileSync(`${dir}/${file}`, `${source}\nexport {};\n`);
        return file;
      });
      writeFileSync(
        `${dir}/tsconfig.json`,
        JSON.stringify({ extends: "../../../tsconfig.json", include: files }),
      );
      const tsc = spawnSync(
        process.execPath,
        [`${root}node_modules/typescript/bin/tsc`, "-p", `${dir}/tsconfig.json`],
        { cwd: root, encoding: "utf8" },
      );
      expect(tsc.stdout + tsc.stderr).toBe("");
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
