import { readFileSync } from "node:fs";
import { getTaxonomy, type Taxonomy } from "@crawlgate/core";
import { compileClassifier, referenceClassify } from "@crawlgate/core/adapter-kit";
import { isbot } from "isbot";
import { freshStrings, type MeasureOptions, nsPerOp, type ResultRow } from "./measure.js";

/**
 * The User-Agent classifier (exact attribution: longest pattern wins) against isbot (a boolean
 * only), a lowercase + one-big-alternation regex scanned at every start keeping the longest, and
 * a naive loop of `includes`. Mix: the bot corpus (research/ua-corpus.json, copied under
 * core/src/taxonomy/testdata) and as many generated browser User-Agents, interleaved.
 */

function browserUAs(count: number): string[] {
  const platforms = [
    "Windows NT 10.0; Win64; x64",
    "Macintosh; Intel Mac OS X 10_15_7",
    "X11; Linux x86_64",
    "Linux; Android 14; Pixel 8",
    "iPhone; CPU iPhone OS 17_4 like Mac OS X",
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = platforms[i % platforms.length] as string;
    const v = 110 + (i % 20);
    switch (i % 4) {
      case 0:
        out.push(
          `Mozilla/5.0 (${p}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.${6000 + i}.${i % 200} Safari/537.36`,
        );
        break;
      case 1:
        out.push(`Mozilla/5.0 (${p}; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`);
        break;
      case 2:
        out.push(
          `Mozilla/5.0 (${p}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i % 5} Mobile/15E148 Safari/604.1`,
        );
        break;
      default:
        out.push(
          `Mozilla/5.0 (${p}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36 Edg/${v}.0.${2000 + i}.${i % 90}`,
        );
    }
  }
  return out;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function classifySuite(options: MeasureOptions): ResultRow[] {
  const taxonomy = getTaxonomy() as Taxonomy;
  const corpus: { ua: string }[] = JSON.parse(
    readFileSync(
      new URL("../packages/core/src/taxonomy/testdata/ua-corpus.json", import.meta.url),
      "utf8",
    ),
  );
  const bots = corpus.map((e) => e.ua);
  const browsers = browserUAs(bots.length);
  const mix = bots.flatMap((ua, i) => [ua, browsers[i] as string]);

  const classifier = compileClassifier(taxonomy);
  const patterns = taxonomy.bots.flatMap((b, index) =>
    b.uaPatterns.map((p) => ({ p, botId: b.botId, index })),
  );
  const byLength = [...patterns].sort((a, b) => b.p.length - a.p.length || a.index - b.index);
  const botOf = new Map(byLength.map((x) => [x.p, x.botId]));
  const alternation = new RegExp(byLength.map((x) => esc(x.p)).join("|"), "g");

  const impls: Record<string, (ua: string) => unknown> = {
    crawlgate: (ua) => classifier.classify(ua).bot.botId,
    isbot: (ua) => isbot(ua),
    "regex-longest": (ua) => {
      const lower = ua.toLowerCase();
      let best = "";
      alternation.lastIndex = 0;
      for (let m = alternation.exec(lower); m; m = alternation.exec(lower)) {
        if (m[0].length > best.length) best = m[0];
        alternation.lastIndex = m.index + 1;
      }
      return best ? botOf.get(best) : "unknown";
    },
    naive: (ua) => referenceClassify(taxonomy, ua),
  };

  // Exact attribution must agree before anything is timed (isbot answers a boolean only).
  for (const ua of mix) {
    const want = impls.naive?.(ua);
    for (const name of ["crawlgate", "regex-longest"]) {
      if (impls[name]?.(ua) !== want) throw new Error(`${name} disagrees on ${ua}`);
    }
  }
  const rows: ResultRow[] = [];
  for (const [impl, run] of Object.entries(impls)) {
    const ns = nsPerOp(() => freshStrings(mix), run, options);
    rows.push({ suite: "classify", case: "mix", impl, nsPerOp: Math.round(ns * 10) / 10 });
    console.error(`classify mix ${impl}: ${ns.toFixed(1)} ns/UA (${(1e3 / ns).toFixed(2)} M UA/s)`);
  }
  return rows;
}
