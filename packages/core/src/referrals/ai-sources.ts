import { parse as parseHostname } from "tldts";
import { z } from "zod";
import data from "../taxonomy/data/ai-sources.json";

/**
 * AI answer surfaces that send human visitors, keyed by source name, from data
 * (`taxonomy/data/ai-sources.json`). Matching is on the Referer host (exact or a subdomain of a
 * listed host), then on `utm_source`; bare search and social hosts, where AI answers and
 * organic clicks share one Referer, are excluded on purpose.
 */

export type SurfaceType = "assistant" | "answer" | "search" | "other";

const fileSchema = z.strictObject({
  sources: z.array(
    z.strictObject({
      source: z.string().regex(/^[a-z_]+$/),
      /**
       * The company whose answer surface it is, spelled as the bot taxonomy's `operator` (its
       * crawlers' operator), or `null` for a surface of no operator the taxonomy lists.
       */
      operator: z.string().min(1).nullable(),
      surfaceType: z.enum(["assistant", "answer", "search", "other"]),
      hosts: z.array(z.string()),
      utmSources: z.array(z.string()),
    }),
  ),
  excludedHosts: z.array(z.string()),
  /** Registrable names excluded under every public suffix (google.de, yahoo.co.jp, …). */
  excludedBrands: z.array(z.string()),
});

const file = fileSchema.parse(data);
if (!file.sources.some((s) => s.source === "unknown"))
  throw new Error("ai-sources: the unknown source is missing");

export interface AiSource {
  source: string;
  surfaceType: SurfaceType;
}

const byHost = new Map<string, AiSource>();
const byUtm = new Map<string, AiSource>();
for (const s of file.sources) {
  const value = { source: s.source, surfaceType: s.surfaceType };
  for (const host of s.hosts) byHost.set(host, value);
  for (const utm of s.utmSources) byUtm.set(utm.toLowerCase(), value);
}
const UNKNOWN: AiSource = { source: "unknown", surfaceType: "other" };

const OPERATORS = new Map(file.sources.map((s) => [s.source, s.operator]));

/**
 * The operator of an AI source (`chatgpt` → `OpenAI`, spelled as the bot taxonomy's `operator`),
 * or `null` for a source of no operator the taxonomy lists, `unknown`, or a key no longer in the
 * data.
 */
export function operatorOfSource(source: string): string | null {
  return OPERATORS.get(source) ?? null;
}

/** Every source key with its surface type, `unknown` included. */
export const AI_SOURCES: readonly AiSource[] = file.sources.map((s) => ({
  source: s.source,
  surfaceType: s.surfaceType,
}));

function lookupHost(host: string): AiSource | null {
  // Exact host, then each parent domain ("x.chatgpt.com" → "chatgpt.com").
  for (let h = host; h.includes("."); h = h.slice(h.indexOf(".") + 1)) {
    const hit = byHost.get(h);
    if (hit) return hit;
  }
  return null;
}

function isExcluded(host: string): boolean {
  for (const excluded of file.excludedHosts)
    if (host === excluded || host.endsWith(`.${excluded}`)) return true;
  const info = parseHostname(host);
  return (
    info.domainWithoutSuffix !== null && file.excludedBrands.includes(info.domainWithoutSuffix)
  );
}

/** Unrecognised hosts that still look like AI products: the `.ai` TLD, or gpt/llm in a label. */
function looksLikeAi(host: string): boolean {
  return host.endsWith(".ai") || host.split(".").some((label) => /gpt|llm|chatbot/.test(label));
}

export interface VisitSignals {
  /** The Referer header, if any. */
  referer?: string | null;
  /** The landing URL (for `utm_source`), absolute or path with query. */
  url?: string | null;
  /** The site's own host: a Referer from it is not a referral. */
  siteHost?: string | null;
}

/** The AI source of a human visit, or `null` when it did not come from an AI surface. */
export function detectAiSource(visit: VisitSignals): AiSource | null {
  let refererHost: string | null = null;
  if (visit.referer) {
    try {
      refererHost = new URL(visit.referer).hostname.toLowerCase().replace(/\.$/, "");
    } catch {
      refererHost = null;
    }
  }
  if (refererHost) {
    if (visit.siteHost && refererHost === visit.siteHost.toLowerCase()) refererHost = null;
    else {
      const hit = lookupHost(refererHost);
      if (hit) return hit;
      if (isExcluded(refererHost)) return null;
    }
  }
  if (visit.url) {
    try {
      const utm = new URL(visit.url, "https://landing.invalid").searchParams
        .get("utm_source")
        ?.trim()
        .toLowerCase();
      if (utm) {
        const hit = byUtm.get(utm) ?? lookupHost(utm);
        if (hit) return hit;
      }
    } catch {
      // An unparseable landing URL carries no utm signal.
    }
  }
  return refererHost && looksLikeAi(refererHost) ? UNKNOWN : null;
}
