import {
  type ContentPreferences,
  type ContentSignals,
  compileContentSignals,
  type SignalValue,
} from "../policy/content-signals.js";
import { contentUsageValue, mergeContentUsage } from "../policy/content-usage.js";

/**
 * What the edge adds to the answers of a path: the aipref `Content-Usage` field of the content
 * signals in force there, and RSL's `Link: <licence>; rel="license"`.
 */
export interface SignalHeaders {
  /** The `Content-Usage` value (`train-ai=n, search=y`); `null`: the policy sets neither key. */
  contentUsage: string | null;
  /** The `Link` value naming the licence (`<https://…>; rel="license"`); `null`: none. */
  license: string | null;
  /**
   * The edge would answer this URL in Markdown to a request that prefers it (origin answers of
   * a page, when Markdown is on): `Accept` joins the answer's `Vary`, so that caches on the way
   * keep the HTML and the Markdown apart.
   */
  varyAccept?: true;
}

/** The headers of a request path (raw, no query); `null` when there are none to add. */
export type SignalHeadersOf = (rawPath: string) => SignalHeaders | null;

const NONE: SignalHeadersOf = () => null;

/** The `Link` field value of a licence URL (validated: https, no `<`, `>`, `"` or space). */
export function licenseLink(url: string): string {
  return `<${url}>; rel="license"`;
}

const code = (value: SignalValue | null) => (value === null ? 0 : value === "yes" ? 1 : 2);

/**
 * Compiled once per policy version (the policy gate keeps it beside the compiled policy): a
 * domain without preferences answers `null` without reading the path; one without per-path
 * overrides answers one object for every path; with overrides, the path is resolved
 * (`compileContentSignals`) and the headers of each of the nine `search` × `aiTrain`
 * combinations are built once.
 */
export function compileSignalHeaders(prefs: ContentPreferences): SignalHeadersOf {
  const license = prefs.licenseUrl === null ? null : licenseLink(prefs.licenseUrl);
  const of = (signals: ContentSignals): SignalHeaders | null => {
    const contentUsage = contentUsageValue(signals);
    return contentUsage === null && license === null ? null : { contentUsage, license };
  };
  if (prefs.contentSignalPaths.length === 0) {
    const constant = of(prefs.contentSignals);
    return constant === null ? NONE : () => constant;
  }
  const signalsOf = compileContentSignals(prefs);
  const built = new Map<number, SignalHeaders | null>();
  return (rawPath) => {
    const signals = signalsOf(rawPath);
    const index = code(signals.search) * 3 + code(signals.aiTrain);
    let headers = built.get(index);
    if (headers === undefined) {
      headers = of(signals);
      built.set(index, headers);
    }
    return headers;
  };
}

/**
 * The header values to set on an answer of the origin or an upstream that carries its own
 * `Content-Usage` and `Link` (`null`: none): the origin's `Content-Usage` with the policy's keys
 * merged in (`mergeContentUsage`), and the licence appended to its `Link` list (kept as it is
 * when it already names it), and `Accept` added to its `Vary` when `varyAccept`. Bridges set
 * each returned field, replacing the answer's.
 */
export function signalHeaderValues(
  signals: SignalHeaders,
  own: { contentUsage: string | null; link: string | null; vary: string | null },
): Record<string, string> {
  const out: Record<string, string> = {};
  if (signals.varyAccept) out.vary = varyWith(own.vary, "Accept");
  if (signals.contentUsage !== null)
    out["content-usage"] = mergeContentUsage(own.contentUsage, signals.contentUsage);
  if (signals.license !== null) out.link = appendLink(own.link, signals.license);
  return out;
}

/** A `Vary` value that names `field` too (`*` already varies on everything). */
export function varyWith(own: string | null, field: string): string {
  if (own === null || own.trim() === "") return field;
  const names = own.split(",").map((name) => name.trim().toLowerCase());
  return names.includes("*") || names.includes(field.toLowerCase()) ? own : `${own}, ${field}`;
}

function appendLink(own: string | null, license: string): string {
  if (own === null || own.trim() === "") return license;
  return own.includes(license) ? own : `${own}, ${license}`;
}
