import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineBatches } from "./line-batches.js";

async function viaBatches(chunks: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const batch of lineBatches(Readable.from(chunks))) lines.push(...batch);
  return lines;
}

async function viaReadline(chunks: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  const rl = createInterface({ input: Readable.from(chunks), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of rl) lines.push(line);
  return lines;
}

/** Splits bytes at the given cut points (chunks may end inside a UTF-8 sequence or a `\r\n`). */
const cut = (bytes: Buffer, cuts: number[]) => {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    if (p > from) chunks.push(bytes.subarray(from, p));
    from = Math.max(from, p);
  }
  return chunks;
};

describe("lineBatches", () => {
  it("ends lines at \\n, \\r\\n and a lone \\r, the last line without an end", async () => {
    const chunks = [Buffer.from("a\r\nb\rc\n\nd\r"), Buffer.from("\ne")];
    expect(await viaBatches(chunks)).toEqual(["a", "b", "c", "", "d", "e"]);
  });

  it("decodes UTF-8 split across chunks", async () => {
    const bytes = Buffer.from("é😀\nx");
    expect(
      await viaBatches([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4)]),
    ).toEqual(["é😀", "x"]);
  });

  it("property: the same lines as readline for any text cut into any chunks", async () => {
    const text = fc.array(
      fc.oneof(
        fc.constantFrom("\n", "\r", "\r\n", "é", "😀", " ", "-"),
        fc.string({ maxLength: 8 }),
      ),
      { maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(400), { maxLength: 8 }), async (parts, cuts) => {
        const chunks = cut(Buffer.from(parts.join("")), cuts);
        expect(await viaBatches(chunks)).toEqual(await viaReadline(chunks));
      }),
      { numRuns: 300 },
    );
  });

  it("property: any bytes (invalid UTF-8 too) decode as TextDecoder decodes the whole stream", async () => {
    // The reference: the stream decoded at once, then cut as readline cuts lines.
    const reference = (bytes: Buffer) => {
      const lines = new TextDecoder("utf-8").decode(bytes).split(/\r\n|\n|\r/);
      if (lines.at(-1) === "") lines.pop();
      return lines;
    };
    const bytes = fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom(0x0a, 0x0d, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80),
      ),
      { maxLength: 60 },
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.array(fc.nat(100), { maxLength: 8 }), async (values, cuts) => {
        const all = Buffer.from(values);
        expect(await viaBatches(cut(all, cuts))).toEqual(reference(all));
      }),
      { numRuns: 1000 },
    );
  });
});
