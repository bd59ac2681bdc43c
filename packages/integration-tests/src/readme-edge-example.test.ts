import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { findChromium } from "@crawlgate/renderer-chromium";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const dir = `${root}packages/integration-tests/.readme-edge`;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const chromium = findChromium();
if (chromium === null) {
  const reason = "no Chromium found (bash scripts/install-chromium.sh): the README's edge example";
  if (process.env.CI === "true") throw new Error(`${reason} cannot run under CI`);
  console.warn(`SKIPPED: ${reason} is not run`);
}

/** The README's ```ts block that mounts the edge middleware, exactly as written. */
function edgeExample(readme: string): string {
  const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
  const found = blocks.filter((block) => block.includes("createEdgeMiddleware("));
  if (found.length !== 1) throw new Error(`${found.length} README blocks mount the edge`);
  return found[0] as string;
}

/**
 * This machine has no network beyond loopback: the example's range refresh (the scheduler runs
 * it at once) is answered as offline instead of waiting for a connection that never comes.
 */
const OFFLINE_FETCH = `data:text/javascript,${encodeURIComponent(`
const real = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return real(input, init);
  return Promise.reject(new TypeError("fetch failed: offline (test)"));
};`)}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** GET / on shop.example.com (the Host header as a proxy in front would send it). */
function page(port: number, userAgent: string): Promise<{ servedFrom?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { host: "shop.example.com", "user-agent": userAgent };
    const req = request({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (text: string) => {
        body += text;
      });
      res.on("end", () => {
        const servedFrom = res.headers["x-crawlgate-served-from"];
        resolve({ body, ...(typeof servedFrom === "string" ? { servedFrom } : {}) });
      });
    });
    req.on("error", reject).end();
  });
}

let child: ChildProcess | undefined;
let stderr = "";

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child?.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the example on `port`; resolves once it logged that it listens. */
async function start(port: number): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/edge-example.ts`;
  writeFileSync(file, edgeExample(readFileSync(`${root}README.md`, "utf8")));
  // tsx runs the TypeScript with the workspace's paths (tsconfig.json at the root).
  child = spawn(process.execPath, ["--import", "tsx", "--import", OFFLINE_FETCH, file], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const running = child;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening in 60 s:\n${stderr}`)), 60_000);
    running.stderr?.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
      if (/"event":"listening"/.test(stderr)) {
        clearTimeout(timer);
        resolve();
      }
    });
    running.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the example exited (${code}):\n${stderr}`));
    });
  });
}

describe.skipIf(chromium === null)(
  "the README's edge-middleware example",
  { timeout: 120_000 },
  () => {
    it("finds exactly one block to run", () => {
      expect(edgeExample(readFileSync(`${root}README.md`, "utf8"))).toMatch(
        /createChromiumRenderer\(\)/,
      );
      expect(() => edgeExample("```ts\nconst a = 1;\n```\n")).toThrow(/0 README blocks/);
    });

    it("run as written with the app as its own origin on loopback, serves a crawler render, then cache", async () => {
      const port = await freePort();
      await start(port);
      const get = (userAgent: string) => page(port, userAgent);
      const first = await get(GOOGLEBOT);
      expect(first.servedFrom, stderr).toBe("render");
      expect(first.body).toContain("Built by JavaScript");
      expect(first.body).not.toContain("<script");
      const second = await get(GOOGLEBOT);
      expect(second.servedFrom).toBe("cache");
      expect(second.body).toBe(first.body);
      // A person gets the route's own answer, script and all.
      const person = await get("Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0");
      expect(person.servedFrom).toBe("origin");
      expect(person.body).toContain("<script>");
      expect(stderr).not.toMatch(/edge\.render_failed|edge\.render_not_cached/);
    });
  },
);
