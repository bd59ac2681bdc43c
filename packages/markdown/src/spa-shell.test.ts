import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { htmlToMarkdown } from "@crawlgate/core/adapter-kit";
import { createChromiumRenderer, findChromium } from "@crawlgate/renderer-chromium";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarkdownConverter } from "./converter.js";
import { corpusHtml, missingFrom } from "./corpus.js";

/** A single-page app's shell, rendered by real Chromium on a loopback origin, then converted. */

const chromium = findChromium();
if (chromium === null) {
  const reason = "no Chromium found (bash scripts/install-chromium.sh): the SPA shell's Markdown";
  if (process.env.CI === "true") throw new Error(`${reason} cannot be checked under CI`);
  console.warn(`SKIPPED: ${reason} is not checked`);
}

let server: Server;
let origin = "";

beforeAll(async () => {
  const shell = corpusHtml("spa-shell.html");
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(shell);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.skipIf(chromium === null)("the Markdown of a SPA shell rendered by Chromium", () => {
  it("holds what the app's script built, not the shell", async () => {
    const renderer = createChromiumRenderer({ executablePath: chromium as string });
    try {
      const result = await renderer.render({
        url: `${origin}/releases`,
        headers: {},
        device: "desktop",
        deadline: new Date(Date.now() + 20_000),
      });
      expect(result.status).toBe(200);
      const page = "https://trackr.example/releases";
      const { text } = htmlToMarkdown(result.html, page, createMarkdownConverter());
      const missing = missingFrom(text, {
        file: "spa-shell.html",
        url: page,
        title: "Release notes – Trackr",
        headings: ["# Release notes", "## Offline mode", "## Faster search"],
        texts: [
          "What changed in Trackr this month.",
          "Edits made without a connection now sync when you are back online. See [the offline guide](https://trackr.example/docs/offline).",
          "- Results appear as you type",
          "- Filters are remembered per project",
        ],
        dropped: ["SPINNER-", "Loading"],
      });
      expect(missing).toEqual([]);
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
