import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Crawlgate, CrawlgateDeps } from "../crawlgate.js";
import type { DashboardAssets } from "../dashboard/assets.js";
import type { ContentCoding } from "../http/content-coding.js";
import { htmlKey } from "../snapshots/record.js";
import type { OriginSite } from "./edge/origin-site.js";
import { createEdgeWorld } from "./edge/suite.js";
import { type EdgeCall, type EdgeWorld, GOOGLEBOT, HOST } from "./edge/world.js";
import type { Harness } from "./harness.js";
import { useHarness } from "./harness.js";

/** A host that is not a served domain: the API and the dashboard answer on it. */
export const OWN_HOST = "api.crawlgate.test";

/** One answer as it came over the wire, its body not decoded. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

/**
 * A bridge with everything mounted: the API at `/functions/v1`, the dashboard at `/dashboard`
 * (with `assets`) and, on a served domain's host, the edge, whose origin is `origin.answer` and
 * whose visitors come from `clientIp`.
 */
export type CompressionBridgeFactory = (
  crawlgate: Crawlgate,
  origin: OriginSite,
  assets: DashboardAssets,
  clientIp: string,
) => Promise<Harness<{ send(call: EdgeCall & { body?: string }): Promise<RawReply> }>>;

/** One request to `127.0.0.1:port` over a real socket, its body as it came (not decompressed). */
export function sendRaw(port: number, call: EdgeCall & { body?: string }): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: call.method,
        path: call.path,
        headers: { ...call.headers, host: call.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined)
              headers[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: res.statusCode ?? 0, headers, bytes: Buffer.concat(chunks) });
        });
      },
    );
    req.on("error", reject);
    req.end(call.body);
  });
}

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];`;

/** The dashboard's files in this suite: a script worth compressing, and a PNG that is not. */
export const COMPRESSION_ASSETS: DashboardAssets = {
  get(path) {
    if (path === "/assets/app-1.js")
      return {
        contentType: "text/javascript; charset=utf-8",
        body: new TextEncoder().encode(SCRIPT),
        immutable: true,
      };
    if (path === "/assets/logo.png")
      return { contentType: "image/png", body: new Uint8Array(4096).fill(7), immutable: true };
    return null;
  },
};

function decoded(reply: RawReply): string {
  const coding = reply.headers["content-encoding"];
  const bytes =
    coding === "gzip"
      ? gunzipSync(reply.bytes)
      : coding === "br"
        ? brotliDecompressSync(reply.bytes)
        : reply.bytes;
  return new TextDecoder().decode(bytes);
}

const varies = (reply: RawReply) =>
  (reply.headers.vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .includes("accept-encoding");

/**
 * Compressed answers through a bridge: the API, the dashboard's API and files, presigned file
 * downloads and the edge's cache hits honour `Accept-Encoding` (`codings`: what the bridge can
 * send besides identity, in its order of preference).
 */
export function compressionSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: CompressionBridgeFactory,
  codings: readonly ContentCoding[],
): void {
  describe(`compressed answers: ${name}`, () => {
    let client: { send(call: EdgeCall & { body?: string }): Promise<RawReply> } | undefined;
    const world = useHarness<EdgeWorld>(() =>
      createEdgeWorld(makeStores, async (crawlgate, origin, clientIp) => {
        const raw = await bridge(crawlgate, origin, COMPRESSION_ASSETS, clientIp);
        client = raw;
        return {
          async send(call) {
            const reply = await raw.send(call);
            return { ...reply, body: decoded(reply) };
          },
          ...(raw.teardown ? { teardown: raw.teardown } : {}),
        };
      }),
    );
    const send = (call: Partial<EdgeCall> & { path: string; body?: string }) =>
      (client as NonNullable<typeof client>).send({
        method: "GET",
        host: OWN_HOST,
        headers: {},
        ...call,
      });
    const crawler = (acceptEncoding?: string) => ({
      "user-agent": GOOGLEBOT,
      ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }),
    });

    it("sends a cache hit's stored gzip bytes as they are, and HTML to a client that refuses gzip", async () => {
      const w = world();
      const rendered = await w.send({ path: "/about" });
      expect(rendered.headers["x-crawlgate-served-from"]).toBe("render");
      const page = await w.stores.pages.getPage(w.domainId, "/about");
      const stored = await w.stores.blobs.getBlob(htmlKey(page?.contentHash ?? ""));
      const hit = await send({ host: HOST, path: "/about", headers: crawler("gzip, deflate, br") });
      expect(hit.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(hit.headers["content-encoding"]).toBe("gzip");
      expect(varies(hit)).toBe(true);
      expect(Buffer.from(hit.bytes).equals(Buffer.from(stored as Uint8Array))).toBe(true);
      expect(decoded(hit)).toBe(rendered.body);
      for (const refusal of [undefined, "", "gzip;q=0", "br", "gzip;q=0.5, identity"]) {
        const plain = await send({ host: HOST, path: "/about", headers: crawler(refusal) });
        expect(plain.headers["content-encoding"], String(refusal)).toBeUndefined();
        expect(varies(plain)).toBe(true);
        expect(new TextDecoder().decode(plain.bytes)).toBe(rendered.body);
      }
      const star = await send({ host: HOST, path: "/about", headers: crawler("*, identity;q=0") });
      expect(star.headers["content-encoding"]).toBe("gzip");
    });

    it("compresses a large API answer in the preferred coding, with Vary", async () => {
      const plain = await send({ path: "/functions/v1/openapi.json" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(varies(plain)).toBe(true);
      const text = new TextDecoder().decode(plain.bytes);
      for (const [header, expected] of [
        ["gzip", "gzip"],
        ["GZIP;q=1.0", "gzip"],
        ["x-gzip", "gzip"],
        ["br;q=1, gzip;q=0.5", codings.includes("br") ? "br" : "gzip"],
        ["br", codings.includes("br") ? "br" : undefined],
        ["gzip;q=0, br;q=0", undefined],
        ["deflate", undefined],
        ["identity;q=0, *", codings[0]],
      ] as const) {
        const reply = await send({
          path: "/functions/v1/openapi.json",
          headers: { "accept-encoding": header },
        });
        expect(reply.status, header).toBe(200);
        expect(reply.headers["content-encoding"], header).toBe(expected);
        expect(varies(reply), header).toBe(true);
        expect(decoded(reply), header).toBe(text);
        if (expected) expect(reply.bytes.byteLength * 3).toBeLessThan(plain.bytes.byteLength);
      }
    });

    it("sends a small answer as it is unless the client refuses identity", async () => {
      const w = world();
      const call = (acceptEncoding: string) =>
        send({
          method: "POST",
          path: "/functions/v1/list-user-domains",
          headers: {
            authorization: `Bearer ${w.apiKey}`,
            "content-type": "application/json",
            "accept-encoding": acceptEncoding,
          },
          body: "{}",
        });
      const small = await call("gzip, br");
      expect(small.status).toBe(200);
      expect(small.bytes.byteLength).toBeLessThan(1024);
      expect(small.headers["content-encoding"]).toBeUndefined();
      expect(varies(small)).toBe(true);
      const forced = await call("gzip, identity;q=0");
      expect(forced.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(decoded(forced))).toEqual(JSON.parse(decoded(small)));
    });

    it("compresses the dashboard's script once and leaves its image alone", async () => {
      const headers = { "accept-encoding": "gzip" };
      const first = await send({ path: "/dashboard/assets/app-1.js", headers });
      expect(first.headers["content-encoding"]).toBe("gzip");
      expect(varies(first)).toBe(true);
      expect(decoded(first)).toBe(SCRIPT);
      const again = await send({ path: "/dashboard/assets/app-1.js", headers });
      expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
      const image = await send({ path: "/dashboard/assets/logo.png", headers });
      expect(image.status).toBe(200);
      expect(image.headers["content-encoding"]).toBeUndefined();
      expect(image.headers.vary ?? "").not.toMatch(/accept-encoding/i);
      expect(image.bytes.byteLength).toBe(4096);
    });

    it("sends a presigned snapshot download as stored (gzip bytes typed text, no-transform)", async () => {
      const w = world();
      await w.send({ path: "/about" });
      const page = await w.stores.pages.getPage(w.domainId, "/about");
      const snapshot = await w.stores.snapshots.getSnapshot(page?.snapshotId ?? "");
      const url = snapshot && (await w.crawlgate.snapshots.htmlLinks().htmlUrl(snapshot));
      if (!url) throw new Error("no htmlUrl");
      const link = new URL(url, `http://${OWN_HOST}`);
      const file = await send({
        path: link.pathname + link.search,
        headers: { "accept-encoding": "gzip, br" },
      });
      expect(file.status).toBe(200);
      expect(file.headers["content-encoding"]).toBeUndefined();
      expect(file.headers["cache-control"]).toMatch(/no-transform/);
      const stored = await w.stores.blobs.getBlob(htmlKey(page?.contentHash ?? ""));
      expect(Buffer.from(file.bytes).equals(Buffer.from(stored as Uint8Array))).toBe(true);
    });
  });
}
