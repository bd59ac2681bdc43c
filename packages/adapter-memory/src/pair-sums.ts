import { compareUtf8 } from "@crawlgate/core/adapter-kit";

type Counted<A extends string, B extends string> = { [K in A | B]: string } & { count: number };

/**
 * Sums `count` per pair of the two key fields (`path` and `botId`, `path` and `source`), sorted by
 * the first then the second in byte order; pairs summing to 0 are left out.
 */
export function sumPairs<A extends string, B extends string>(
  rows: Iterable<Counted<A, B>>,
  first: A,
  second: B,
): Counted<A, B>[] {
  const sums = new Map<string, Counted<A, B>>();
  for (const row of rows) {
    const key = JSON.stringify([row[first], row[second]]);
    const sum =
      sums.get(key) ?? ({ [first]: row[first], [second]: row[second], count: 0 } as Counted<A, B>);
    sum.count += row.count;
    sums.set(key, sum);
  }
  return [...sums.values()]
    .filter((r) => r.count > 0)
    .sort((x, y) => compareUtf8(x[first], y[first]) || compareUtf8(x[second], y[second]));
}
