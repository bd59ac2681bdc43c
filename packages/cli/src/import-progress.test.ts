import { describe, expect, it } from "vitest";
import { createProgress, progressBar } from "./import-progress.js";

describe("import progress", () => {
  it("draws share, rate and ETA from the bytes read", () => {
    expect(progressBar(50_000, 1, 250, 1000)).toBe(
      "[######------------------]  25% 50000 lines 50000/s ETA 3s",
    );
    expect(progressBar(10, 2, 0, null)).toBe("10 lines 5/s");
    expect(progressBar(10, 200, 1, 2)).toMatch(/ETA 3m20s$/);
  });

  it("redraws at most every 200 ms on a terminal and every 2 s otherwise", () => {
    let t = 0;
    const bars: string[] = [];
    const lines: string[] = [];
    const tty = createProgress({ line: () => {}, status: (s) => bars.push(s) }, () => t);
    const plain = createProgress({ line: (s) => lines.push(s) }, () => t);
    for (t = 0; t <= 2000; t += 100) {
      tty.tick(t, 0, t, 4000);
      plain.tick(t, 0, t, 4000);
    }
    expect(bars).toHaveLength(11);
    expect(lines).toHaveLength(2);
  });
});
