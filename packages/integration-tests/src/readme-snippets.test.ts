import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * What each ```ts block of the README, the guides and the Redis adapter's README may use without defining it: an earlier block
 * it continues (file and index), or a name the surrounding prose introduces (an Express app, the
 * caller's logger, a request's fields). The block's own text is compiled as written after this
 * context. Every Markdown file with a ```ts block is listed, with one context per block.
 */
type Context = { after?: readonly [file: string, block: number]; declare: string };
const SNIPPETS: Record<string, Context[]> = {
  "README.md": [{ declare: "" }, { declare: "" }],
  "docs/guide/library.md": [
    {
      after: ["README.md", 0],
      declare: "declare const domainId: string, userAgent: string, ip: string, referer: string;",
    },
    { after: ["README.md", 0], declare: 'declare const logger: import("@crawlgate/core").Logger;' },
  ],
  "docs/guide/api.md": [{ declare: "declare const domainId: string;" }],
  "docs/guide/edge.md": [
    {
      declare: [
        'declare const crawlgate: import("@crawlgate/core").Crawlgate;',
        'declare const app: import("express").Express;',
        'declare const yourRoutes: import("express").RequestHandler;',
      ].join("\n"),
    },
    { declare: 'declare const crawlgate: import("@crawlgate/core").Crawlgate;' },
  ],
  "packages/adapter-redis/README.md": [
    { declare: 'declare const logger: import("@crawlgate/core").Logger;' },
  ],
};

/** The README, every guide and the package READMEs checked here, by path from the root. */
function documents(): string[] {
  const guides = readdirSync(`${root}docs/guide`).filter((f) => f.endsWith(".md"));
  return ["README.md", ...guides.map((f) => `docs/guide/${f}`), "packages/adapter-redis/README.md"];
}

/**
 * The `packages/*` directories that the README's package table does not link: a table row links
 * its package as `](packages/<dir>)`.
 */
function unlistedPackages(readme: string, directories: string[]): string[] {
  const listed = new Set(
    [...readme.matchAll(/^\|[^\n]*\]\(packages\/([\w.-]+)\/?\)/gm)].map((m) => m[1]),
  );
  return directories.filter((dir) => !listed.has(dir));
}

function packageDirectories(): string[] {
  return readdirSync(`${root}packages`, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${root}packages/${d.name}/package.json`))
    .map((d) => d.name)
    .sort();
}

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

/** Moves `import` lines first (a continued block's imports follow the earlier block's code). */
function hoistImports(source: string): string {
  const lines = source.split("\n");
  const imports = lines.filter((l) => /^import .* from "[^"]+";$/.test(l));
  return [...imports, ...lines.filter((l) => !imports.includes(l))].join("\n");
}

describe("the README and the guides", () => {
  it("list one context per ```ts block of every document that has one", () => {
    const counts = Object.fromEntries(
      documents()
        .map((file) => [file, tsBlocks(readFileSync(`${root}${file}`, "utf8")).length] as const)
        .filter(([, n]) => n > 0),
    );
    const expected = Object.fromEntries(
      Object.entries(SNIPPETS).map(([file, contexts]) => [file, contexts.length]),
    );
    // A new or removed block needs its context here.
    expect(counts).toEqual(expected);
  });

  it("every ```ts block typechecks as written", { timeout: 300_000 }, () => {
    const blocksOf = (file: string) => tsBlocks(readFileSync(`${root}${file}`, "utf8"));
    const dir = `${root}packages/integration-tests/.readme-check`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    try {
      const files = Object.entries(SNIPPETS).flatMap(([doc, contexts]) => {
        const blocks = blocksOf(doc);
        return contexts.map((context, i) => {
          const earlier = context.after ? blocksOf(context.after[0])[context.after[1]] : "";
          const file = `${doc.replace(/[/.]/g, "-")}-${i + 1}.ts`;
          const source = hoistImports(`${context.declare}\n${earlier}\n${blocks[i]}`);
          writeFileSync(`${dir}/${file}`, `${source}\nexport {};\n`);
          return file;
        });
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

  it("the README's package table lists every packages/* directory", () => {
    const readme = readFileSync(`${root}README.md`, "utf8");
    const directories = packageDirectories();
    expect(directories).toContain("core");
    expect(unlistedPackages(readme, directories)).toEqual([]);
    // A row taken out is reported: the check cannot pass on a table that misses a package.
    const withoutClient = readme.replace(/^\|[^\n]*\]\(packages\/client\)[^\n]*\n/m, "");
    expect(unlistedPackages(withoutClient, directories)).toEqual(["client"]);
  });
});
