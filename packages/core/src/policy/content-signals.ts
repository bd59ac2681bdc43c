import { z } from "zod";
import { pathPatternField } from "./path-field.js";
import {
  compilePathPattern,
  type PathMatcher,
  policyPath,
  policyRequestPath,
} from "./path-pattern.js";

/**
 * What a domain says crawlers may do with its content: Cloudflare's Content Signals (`search`,
 * `ai-input`, `ai-train`, each `yes` or `no`; an unset key grants and denies nothing), per-path
 * overrides in the routing grammar, and an RSL licence document. The robots.txt lines
 * (`Content-Signal`, aipref `Content-Usage`, `License`), the `Content-Usage` response header and
 * the compliance judge all read the signals in force for a path from `compileContentSignals`.
 */

export const SIGNAL_KEYS = ["search", "aiInput", "aiTrain"] as const;
export type SignalKey = (typeof SIGNAL_KEYS)[number];
export type SignalValue = "yes" | "no";

/** Each key `"yes"`, `"no"` or `null` (unset). */
export type ContentSignals = Record<SignalKey, SignalValue | null>;

/** One per-path override: the keys it sets replace the domain's for paths it matches. */
export interface ContentSignalPath extends ContentSignals {
  /** Path pattern (routing grammar, no query). */
  path: string;
}

/** The preference fields of a crawler policy. */
export interface ContentPreferences {
  contentSignals: ContentSignals;
  /** Ordered: for each key, the first override matching the path that sets it decides. */
  contentSignalPaths: ContentSignalPath[];
  /** An absolute https URL (RSL licence document), or `null`. */
  licenseUrl: string | null;
}

export const UNSET_SIGNALS: ContentSignals = Object.freeze({
  search: null,
  aiInput: null,
  aiTrain: null,
});

/** Limits of the preference fields (documented in the API contract). */
export const CONTENT_SIGNAL_LIMITS = { maxPaths: 100, maxLicenseUrlLength: 2048 } as const;

const signalValue = (field: string) =>
  z
    .enum(["yes", "no"], { error: `${field} must be "yes", "no" or null` })
    .nullable()
    .default(null);

/** `contentSignals` in a policy body: omitted keys are unset. */
export const contentSignalsField = z
  .strictObject(
    {
      search: signalValue("contentSignals.search"),
      aiInput: signalValue("contentSignals.aiInput"),
      aiTrain: signalValue("contentSignals.aiTrain"),
    },
    { error: "contentSignals must be an object {search, aiInput, aiTrain}" },
  )
  .default({ search: null, aiInput: null, aiTrain: null });

const override = z
  .strictObject(
    {
      path: pathPatternField("contentSignalPaths[].path"),
      search: signalValue("contentSignalPaths[].search"),
      aiInput: signalValue("contentSignalPaths[].aiInput"),
      aiTrain: signalValue("contentSignalPaths[].aiTrain"),
    },
    {
      error: "contentSignalPaths entries must be objects {path, search?, aiInput?, aiTrain?}",
    },
  )
  .refine((o) => o.search !== null || o.aiInput !== null || o.aiTrain !== null, {
    error: "contentSignalPaths entries must set at least one of search, aiInput, aiTrain",
  });

/** `contentSignalPaths` in a policy body (default: none). */
export const contentSignalPathsField = z
  .array(override, { error: "contentSignalPaths must be an array" })
  .max(CONTENT_SIGNAL_LIMITS.maxPaths, {
    error: `contentSignalPaths may hold at most ${CONTENT_SIGNAL_LIMITS.maxPaths} entries`,
  })
  .default([]);

const LICENSE_URL = "licenseUrl must be an absolute https URL or null";

/** `licenseUrl` in a policy body: an absolute https URL without credentials, or null. */
export const licenseUrlField = z
  .string({ error: LICENSE_URL })
  .max(CONTENT_SIGNAL_LIMITS.maxLicenseUrlLength, {
    error: `licenseUrl must be at most ${CONTENT_SIGNAL_LIMITS.maxLicenseUrlLength} characters`,
  })
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (
      url !== null &&
      url.protocol === "https:" &&
      url.username === "" &&
      url.password === "" &&
      !/[\s<>"]/.test(value)
    )
      return url.href;
    ctx.addIssue({ code: "custom", message: LICENSE_URL, input: value });
    return z.NEVER;
  })
  .nullable()
  .default(null);

/** The signals in force for a request path (raw, with or without trailing slash, no query). */
export type SignalsForPath = (rawPath: string) => ContentSignals;

/**
 * Compiles the preferences once per policy version. A key is decided by the first override
 * (in order) whose pattern matches the path and that sets the key, else by `contentSignals`.
 * The path is read as the crawler policy reads it (`policyRequestPath`), so `/%62log/x` is
 * `/blog/x`.
 */
export function compileContentSignals(prefs: ContentPreferences): SignalsForPath {
  const base = prefs.contentSignals;
  const overrides = prefs.contentSignalPaths
    .map((o) => ({ match: compilePathPattern(o.path), signals: o }))
    .filter((o): o is { match: PathMatcher; signals: ContentSignalPath } => o.match !== null);
  if (overrides.length === 0) return () => base;
  return (rawPath) => {
    const path = policyPath(policyRequestPath(rawPath));
    let out: ContentSignals | null = null;
    const taken = { search: false, aiInput: false, aiTrain: false };
    for (const { match, signals } of overrides) {
      if (!match(path)) continue;
      for (const key of SIGNAL_KEYS) {
        const value = signals[key];
        if (value === null || taken[key]) continue;
        taken[key] = true;
        out ??= { ...base };
        out[key] = value;
      }
    }
    return out ?? base;
  };
}
