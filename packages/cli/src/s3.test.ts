import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { describe, expect, it } from "vitest";
import { type CliIo, main } from "./main.js";

describe("crawlgate serve with CRAWLGATE_S3_BUCKET", () => {
  it("keeps snapshot HTML in the bucket and serves it back through htmlUrl", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crawlgate-cli-s3-"));
    const server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: join(dir, "s3"),
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    const s3 = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
    await s3.send(new CreateBucketCommand({ Bucket: "crawlgate-test" }));
    const controller = new AbortController();
    const lines: string[] = [];
    const errors: string[] = [];
    const io: CliIo = {
      out: (l) => lines.push(l),
      err: (l) => errors.push(l),
      env: {
        CRAWLGATE_RANGE_REFRESH: "off",
        CRAWLGATE_S3_BUCKET: "crawlgate-test",
        CRAWLGATE_S3_PREFIX: "site-a/",
        CRAWLGATE_S3_FORCE_PATH_STYLE: "true",
        AWS_ENDPOINT_URL_S3: endpoint,
        AWS_REGION: "us-east-1",
        AWS_ACCESS_KEY_ID: credentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      },
      signal: controller.signal,
    };
    // The SDK reads its variables from the process environment.
    const saved = { ...process.env };
    Object.assign(process.env, io.env);
    const done = main(["serve", "--demo", "--port", "0", "--data-dir", join(dir, "data")], io);
    try {
      for (let i = 0; i < 2400 && lines.length === 0; i++)
        await new Promise((r) => setTimeout(r, 25));
      const ready = JSON.parse(lines[0] ?? `{"error":${JSON.stringify(errors.join("\n"))}}`);
      expect(ready.event, errors.join("\n")).toBe("ready");
      expect(errors.join("\n")).toMatch(/s3:crawlgate-test\/site-a\//);
      const blog = ready.demo.domains[1];
      const res = await fetch(`${ready.baseUrl}/functions/v1/export-page-snapshots`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${ready.demo.keys.owner}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ domainId: blog.domainId, url: `https://${blog.domain}/` }),
      });
      const body = (await res.json()) as { snapshots: Record<string, { htmlUrl: string | null }> };
      const link = (Object.values(body.snapshots) as { htmlUrl: string | null }[]).find(
        (s) => s.htmlUrl,
      )?.htmlUrl as string;
      const html = await fetch(new URL(link, ready.baseUrl));
      expect(html.status).toBe(200);
      expect(gunzipSync(new Uint8Array(await html.arrayBuffer())).toString("utf8")).toMatch(
        /<title>Demo Blog/,
      );
      const listed = await s3.send(
        new ListObjectsV2Command({ Bucket: "crawlgate-test", Prefix: "site-a/snapshots/" }),
      );
      expect(listed.KeyCount ?? 0).toBeGreaterThan(0);
    } finally {
      controller.abort();
      await done;
      process.env = saved;
      s3.destroy();
      server.httpServer.closeAllConnections();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
