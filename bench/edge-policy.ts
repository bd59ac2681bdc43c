import {
  type BotDefinition,
  type CrawlerPolicy,
  getTaxonomy,
  type Taxonomy,
} from "@crawlgate/core";
import {
  compilePolicy,
  compileSignalHeaders,
  crawlerPolicy,
  type EdgeVerification,
  policyRequestPath,
  policySubject,
} from "@crawlgate/core/adapter-kit";
import { loadAverage, type MeasureOptions, nsPerOp, type ResultRow } from "./measure.js";
import { IMPLS, requests, routes } from "./routing.js";

/**
 * The crawler policy's cost per request at the edge, measured beside the routing match in the
 * same process: what the data plane runs for a crawler (the subject from the classified bot and
 * its verification, then the compiled policy's first match) over a 100-rule policy, against the
 * compiled rule index matching the same paths over 100 routing rules (bench routing's mix).
 *
 * Policy: 100 rules cycling through the four match kinds over taxonomy bots, operators, intents
 * and tiers; every other rule has a path pattern (`/p<i>/*`, `/blog/<word>-*`, exact pages).
 * Requests: taxonomy bots in turn (the unknown bot for 1 in 10) at each verification state, on
 * the routing bench's paths. `worst`: one bot named by 100 rules that all carry a path pattern
 * its path never matches (every candidate walked, then the default).
 *
 * Signal headers (`Content-Usage`, licence `Link`) of the same paths, as the policy gate looks
 * them up per request: for a domain without preferences (what every cache hit of such a domain
 * pays) and for one with a licence and 20 per-path overrides (`/p<i>/*`, `/blog/<word>-*`).
 */

const taxonomy = getTaxonomy() as Taxonomy;
const bots = taxonomy.bots.filter((b) => b.botId !== "unknown");
const unknownBot = taxonomy.botById("unknown") as BotDefinition;
const operators = [...new Set(bots.map((b) => b.operator))];
const INTENTS = ["training", "answer-fetch", "search-index", "search-classic", "social", "other"];
const TIERS = ["verified", "declared", "unknown"];
const WORDS = ["alpha", "beta", "gamma", "delta", "omega"];
const STATES: EdgeVerification[] = ["verified", "pending", "unverified", "unverifiable"];

function policyOf(n: number): CrawlerPolicy {
  const rules = Array.from({ length: n }, (_, i) => {
    const kind = i % 4;
    const match =
      kind === 0
        ? { type: "botId", value: (bots[(i * 7) % bots.length] as BotDefinition).botId }
        : kind === 1
          ? { type: "operator", value: operators[(i * 3) % operators.length] }
          : kind === 2
            ? { type: "intent", value: INTENTS[i % INTENTS.length] }
            : { type: "tier", value: TIERS[i % TIERS.length] };
    const path =
      i % 2 === 0
        ? null
        : i % 6 === 1
          ? `/p${i}/*`
          : i % 6 === 3
            ? `/blog/${WORDS[i % WORDS.length]}-*`
            : `/page-${i}`;
    const action =
      i % 3 === 0
        ? { type: "allow" }
        : i % 3 === 1
          ? { type: "block", status: 403 }
          : { type: "charge", price: { amount: "0.01", currency: "USD" } };
    return { match, path, action };
  });
  return crawlerPolicy.parse({ rules, defaultAction: { type: "allow" } });
}

interface Request {
  bot: BotDefinition;
  verification: EdgeVerification;
  path: string;
}

function policyRequests(paths: string[]): Request[] {
  return paths.map((path, i) => ({
    bot: i % 10 === 9 ? unknownBot : (bots[(i * 13) % bots.length] as BotDefinition),
    verification: STATES[i % STATES.length] as EdgeVerification,
    path,
  }));
}

export interface PolicyBench {
  rules: number;
  /** ns per request: subject + first match over the 100-rule policy. */
  policyNs: number;
  /** ns per request when every rule names the bot and none of their paths matches. */
  policyWorstNs: number;
  /** ns per request of the compiled routing index over 100 rules, same paths, same process. */
  routingNs: number;
  /** ns per request of the signal headers' lookup: no preferences, and 20 overrides. */
  signalsNoneNs: number;
  signalsOverridesNs: number;
  loadAverage: number[];
  rows: ResultRow[];
}

export function policyMicroBench(options: MeasureOptions): PolicyBench {
  const RULES = 100;
  const routeList = routes(RULES);
  const paths = requests(routeList, 2000);
  const fresh = () => paths.map((p) => Buffer.from(p, "utf8").toString("utf8"));
  const match = IMPLS.crawlgate?.(routeList);
  if (!match) throw new Error("no crawlgate matcher");

  const policy = policyOf(RULES);
  const compiled = compilePolicy(policy);
  const evaluate = (r: Request) =>
    compiled.evaluate(
      policySubject(r.bot, r.verification, policy.impostorProtection, unknownBot),
      // As the edge's policy gate does: the path an origin would serve (dot segments, escapes).
      policyRequestPath(r.path),
    ).action;

  const gptbot = taxonomy.botById("gptbot") as BotDefinition;
  const worstPolicy = crawlerPolicy.parse({
    rules: Array.from({ length: RULES }, (_, i) => ({
      match: { type: "botId", value: "gptbot" },
      path: `/never-${i}/*`,
      action: { type: "block" },
    })),
  });
  const worst = compilePolicy(worstPolicy);
  const noSignals = compileSignalHeaders(crawlerPolicy.parse({}));
  const withSignals = compileSignalHeaders(
    crawlerPolicy.parse({
      contentSignals: { search: "yes", aiTrain: "no" },
      contentSignalPaths: Array.from({ length: 20 }, (_, i) => ({
        path: i % 2 === 0 ? `/p${i}/*` : `/blog/${WORDS[i % WORDS.length]}-*`,
        ...(i % 3 === 0 ? { search: "no" } : { aiTrain: "yes" }),
      })),
      licenseUrl: "https://shop.example.com/license.xml",
    }),
  );

  const routingNs = nsPerOp(fresh, (path) => match(path), options);
  const policyNs = nsPerOp(() => policyRequests(fresh()), evaluate, options);
  const policyWorstNs = nsPerOp(
    fresh,
    (path) => worst.evaluate(policySubject(gptbot, "verified", true, unknownBot), path).action,
    options,
  );
  // `?? 0`: the lookup's answer is counted by nsPerOp like the others' (a null would not be).
  const signalsNoneNs = nsPerOp(fresh, (path) => noSignals(path) ?? 0, options);
  const signalsOverridesNs = nsPerOp(fresh, (path) => withSignals(path) ?? 0, options);
  const row = (c: string, impl: string, ns: number): ResultRow => ({
    suite: "edge",
    case: c,
    impl,
    nsPerOp: Math.round(ns),
  });
  return {
    rules: RULES,
    policyNs: Math.round(policyNs),
    policyWorstNs: Math.round(policyWorstNs),
    routingNs: Math.round(routingNs),
    signalsNoneNs: Math.round(signalsNoneNs),
    signalsOverridesNs: Math.round(signalsOverridesNs),
    loadAverage: loadAverage(),
    rows: [
      row("policy-eval-100-rules", "crawlgate", policyNs),
      row("policy-eval-100-rules-worst", "crawlgate", policyWorstNs),
      row("routing-match-100-rules", "crawlgate", routingNs),
      row("signal-headers-no-preferences", "crawlgate", signalsNoneNs),
      row("signal-headers-20-overrides", "crawlgate", signalsOverridesNs),
    ],
  };
}
