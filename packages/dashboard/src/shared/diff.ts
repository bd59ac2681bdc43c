/** One line of a diff: kept (`same`), only in the old version (`del`), only in the new (`add`). */
export interface DiffLine {
  kind: "same" | "del" | "add";
  text: string;
}

/** Above this many cells the middle part is shown as removed-then-added instead of aligned. */
const MAX_CELLS = 4_000_000;

/**
 * A line diff of `before` and `after`: the common head and tail are kept, the middle is aligned
 * by a longest common subsequence (when it is small enough, else replaced whole). The `same`
 * and `del` lines, in order, are `before`; the `same` and `add` lines are `after`.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const same = (text: string): DiffLine => ({ kind: "same", text });
  return [
    ...before.slice(0, head).map(same),
    ...alignMiddle(a, b),
    ...before.slice(before.length - tail).map(same),
  ];
}

function alignMiddle(a: readonly string[], b: readonly string[]): DiffLine[] {
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    return [
      ...a.map((text): DiffLine => ({ kind: "del", text })),
      ...b.map((text): DiffLine => ({ kind: "add", text })),
    ];
  }
  const width = b.length + 1;
  // lcs[i * width + j]: length of the LCS of a[i..] and b[j..].
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] as string });
      i++;
      j++;
    } else if (
      j >= b.length ||
      (i < a.length && (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))
    ) {
      out.push({ kind: "del", text: a[i++] as string });
    } else {
      out.push({ kind: "add", text: b[j++] as string });
    }
  }
  return out;
}

/** HTML split for reading and diffing: one tag boundary per line, blank lines dropped. */
export function htmlLines(html: string): string[] {
  return html
    .replace(/>\s*</g, ">\n<")
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");
}
