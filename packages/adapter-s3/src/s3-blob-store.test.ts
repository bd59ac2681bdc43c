import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { isBlobStoreUnavailable } from "@crawlgate/core/adapter-kit";
import { blobStoreSuite } from "@crawlgate/core/testing";
// s3rver ships no types; the test needs only its constructor, run() and httpServer.
// @ts-expect-error untyped CommonJS module
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3BlobStore } from "./s3-blob-store.js";

/**
 * An in-process S3 emulator (s3rver). Its gaps (docs/decisions.md): it does not check
 * signatures, so tests never rely on it to refuse a tampered URL; it does enforce expiry.
 */
let server: {
  run(): Promise<{ port: number }>;
  httpServer: { closeAllConnections(): void; close(cb: () => void): void };
};
let endpoint = "";
const directory = mkdtempSync(join(tmpdir(), "crawlgate-s3rver-"));
const clients: S3Client[] = [];

function client(url = endpoint): S3Client {
  const made = new S3Client({
    endpoint: url,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    maxAttempts: 1,
  });
  clients.push(made);
  return made;
}

async function freshStore(prefix?: string) {
  const s3 = client();
  const bucket = `cg-${crypto.randomUUID().slice(0, 18)}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  return createS3BlobStore({ client: s3, bucket, ...(prefix ? { prefix } : {}) });
}

beforeAll(async () => {
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const c of clients) c.destroy();
  server.httpServer.closeAllConnections();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  rmSync(directory, { recursive: true, force: true });
});

/**
 * s3rver writes an object's file as its body streams in, so concurrent PUTs of one key can
 * interleave into a torn object (seen in CI: 1 run in a few dozen); S3 itself makes each PUT
 * atomic, last writer wins. The adapter adds nothing that could tear a value.
 */
const gaps = {
  emulatorGaps: {
    concurrentWrites: "s3rver interleaves concurrent PUTs of one key (S3's PUTs are atomic)",
  },
};
blobStoreSuite("S3 (s3rver)", async () => ({ blobs: await freshStore() }), gaps);
blobStoreSuite(
  "S3 (s3rver), with a key prefix",
  async () => ({ blobs: await freshStore("crawlgate/") }),
  gaps,
);

describe("S3 BlobStore beyond the conformance suite", () => {
  it("presigned links stop working once they expire", async () => {
    const blobs = await freshStore();
    await blobs.putBlob("archive/day.parquet", new Uint8Array([1, 2, 3]));
    const url = (await blobs.presignGet(
      "archive/day.parquet",
      new Date(Date.now() + 1_000),
    )) as string;
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("1");
    expect((await fetch(url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await fetch(url)).status).toBe(403);
  });

  it("caps a presigned link at S3's 7 days", async () => {
    const blobs = await freshStore();
    const url = (await blobs.presignGet("x", new Date(Date.now() + 30 * 86_400_000))) as string;
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe(String(7 * 24 * 3600));
  });

  it("reports an unreachable service or a missing bucket as unavailable, never as absent", async () => {
    const down = createS3BlobStore({ client: client("http://127.0.0.1:1"), bucket: "nope" });
    const noBucket = createS3BlobStore({ client: client(), bucket: "no-such-bucket-here" });
    const failure = (call: () => Promise<unknown>) =>
      call().then(
        () => null,
        (e: unknown) => e,
      );
    for (const call of [
      () => down.getBlob("a"),
      () => down.putBlob("a", new Uint8Array(1)),
      () => down.hasBlob("a"),
      () => down.deleteBlob("a"),
      () => noBucket.getBlob("a"),
      () => noBucket.putBlob("a", new Uint8Array(1)),
    ]) {
      const error = await failure(call);
      expect(isBlobStoreUnavailable(error), `${call} ${String(error)}`).toBe(true);
    }
  });
});
