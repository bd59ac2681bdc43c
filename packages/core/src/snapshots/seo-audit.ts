import { Parser } from "htmlparser2";
import type { SeoAudit, SeoBucket, SeoIssue } from "../types.js";

/**
 * SEO audit of one HTML document. The score starts at 100 and each failed check takes its
 * weight (the weights of every check add up to 100, so a page failing all scores 0):
 *
 * | issue | weight | fails when |
 * |---|---|---|
 * | missing_title / title_length | 20 / 5 | no non-blank `<title>` / its text is not 10–70 characters |
 * | missing_meta_description / meta_description_length | 15 / 5 | no non-blank `<meta name=description>` / not 50–160 characters |
 * | missing_h1 / multiple_h1 | 10 | not exactly one `<h1>` |
 * | missing_canonical / multiple_canonical | 10 | no `<link rel=canonical href>` / several different hrefs |
 * | noindex | 15 | `<meta name=robots|googlebot>` says `noindex` or `none` |
 * | missing_lang | 5 | `<html>` has no non-blank `lang` |
 * | images_missing_alt | 5 | an `<img>` has no `alt` attribute (an empty alt is a decorative image: fine) |
 * | missing_structured_data / invalid_structured_data | 5 | no JSON-LD block / a JSON-LD block that is not a JSON object or array |
 * | render_status | 15 | the render status is known and not 2xx |
 *
 * A document with no element at all (empty, plain text) cannot be audited: score `null`, no
 * issues, bucket `unknown`. Buckets: `good` ≥ 80, `needsWork` 50–79, `poor` < 50.
 */
export const SEO_WEIGHTS: Readonly<Record<SeoIssue, number>> = {
  missing_title: 20,
  title_length: 5,
  missing_meta_description: 15,
  meta_description_length: 5,
  missing_h1: 10,
  multiple_h1: 10,
  missing_canonical: 10,
  multiple_canonical: 10,
  noindex: 15,
  missing_lang: 5,
  images_missing_alt: 5,
  missing_structured_data: 5,
  invalid_structured_data: 5,
  render_status: 15,
};

interface Facts {
  elements: number;
  title: string | null;
  description: string | null;
  h1: number;
  canonicals: Set<string>;
  noindex: boolean;
  lang: string | null;
  imagesWithoutAlt: number;
  jsonLd: string[];
}

const lower = (v: string | undefined) => (v ?? "").trim().toLowerCase();

/** Reads the facts the audit needs in one pass of a forgiving, spec-minded tokenizer. */
function readFacts(html: string): Facts {
  const facts: Facts = {
    elements: 0,
    title: null,
    description: null,
    h1: 0,
    canonicals: new Set(),
    noindex: false,
    lang: null,
    imagesWithoutAlt: 0,
    jsonLd: [],
  };
  let inTitle = false;
  let titleText = "";
  let jsonLdText: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        facts.elements++;
        if (name === "html" && facts.lang === null && attrs.lang?.trim()) facts.lang = attrs.lang;
        else if (name === "title" && facts.title === null) {
          inTitle = true;
          titleText = "";
        } else if (name === "h1") facts.h1++;
        else if (name === "img" && attrs.alt === undefined) facts.imagesWithoutAlt++;
        else if (name === "meta") {
          const metaName = lower(attrs.name);
          if (metaName === "description" && facts.description === null && attrs.content?.trim()) {
            facts.description = attrs.content.trim();
          }
          if (metaName === "robots" || metaName === "googlebot") {
            const directives = lower(attrs.content).split(/[\s,]+/);
            if (directives.includes("noindex") || directives.includes("none")) facts.noindex = true;
          }
        } else if (name === "link") {
          const rel = lower(attrs.rel).split(/\s+/);
          const href = attrs.href?.trim();
          if (rel.includes("canonical") && href) facts.canonicals.add(href);
        } else if (name === "script" && lower(attrs.type).split(";")[0] === "application/ld+json") {
          jsonLdText = "";
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
        if (jsonLdText !== null) jsonLdText += text;
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          const text = titleText.replace(/\s+/g, " ").trim();
          if (text) facts.title = text;
        } else if (name === "script" && jsonLdText !== null) {
          facts.jsonLd.push(jsonLdText);
          jsonLdText = null;
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.end(html);
  return facts;
}

const isJsonLd = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
};

const chars = (s: string) => [...s].length;

/** Audits the HTML served for a page. Never throws, whatever the input. */
export function auditSeo(html: string, renderStatus: number | null): SeoAudit {
  const f = readFacts(html);
  if (f.elements === 0) return { score: null, issues: [] };
  const issues: SeoIssue[] = [];
  if (f.title === null) issues.push("missing_title");
  else if (chars(f.title) < 10 || chars(f.title) > 70) issues.push("title_length");
  if (f.description === null) issues.push("missing_meta_description");
  else if (chars(f.description) < 50 || chars(f.description) > 160) {
    issues.push("meta_description_length");
  }
  if (f.h1 === 0) issues.push("missing_h1");
  else if (f.h1 > 1) issues.push("multiple_h1");
  if (f.canonicals.size === 0) issues.push("missing_canonical");
  else if (f.canonicals.size > 1) issues.push("multiple_canonical");
  if (f.noindex) issues.push("noindex");
  if (f.lang === null) issues.push("missing_lang");
  if (f.imagesWithoutAlt > 0) issues.push("images_missing_alt");
  if (f.jsonLd.length === 0) issues.push("missing_structured_data");
  else if (!f.jsonLd.every(isJsonLd)) issues.push("invalid_structured_data");
  if (renderStatus !== null && (renderStatus < 200 || renderStatus > 299)) {
    issues.push("render_status");
  }
  const score = 100 - issues.reduce((sum, issue) => sum + SEO_WEIGHTS[issue], 0);
  return { score, issues };
}

/** The bucket of a score: `good` ≥ 80, `needsWork` 50–79, `poor` < 50, `unknown` for `null`. */
export function seoBucket(score: number | null): SeoBucket {
  if (score === null) return "unknown";
  if (score >= 80) return "good";
  return score >= 50 ? "needsWork" : "poor";
}

export interface SeoSummary {
  good: number;
  needsWork: number;
  poor: number;
  unknown: number;
  totalPages: number;
  totalIssues: number;
}

/** The `seo` summary of export-user-analytics over the audits of a domain's pages. */
export function summarizeSeo(audits: readonly SeoAudit[]): SeoSummary {
  const summary: SeoSummary = {
    good: 0,
    needsWork: 0,
    poor: 0,
    unknown: 0,
    totalPages: audits.length,
    totalIssues: 0,
  };
  for (const audit of audits) {
    summary[seoBucket(audit.score)]++;
    summary.totalIssues += audit.issues.length;
  }
  return summary;
}
