import { parseSource } from "./pattern.js";

export type GrammarCheck = { ok: true } | { ok: false; message: string };

/** Whether a source follows the pattern grammar (see pattern.ts); the message says why not. */
export function checkSourceGrammar(sourcePath: string): GrammarCheck {
  const parsed = parseSource(sourcePath);
  return parsed.ok ? { ok: true } : { ok: false, message: parsed.message };
}

/** Whether the last segment before a trailing slash is a wildcard (the slash is significant). */
export function endsWithWildcardSlash(path: string): boolean {
  if (!path.endsWith("/") || path.length < 2) return false;
  const segments = path.slice(0, -1).split("/");
  const last = segments[segments.length - 1] ?? "";
  return last === "*" || /^:[A-Za-z_][A-Za-z0-9_]*[*+]$/.test(last);
}

/**
 * The uniqueness key of a source: "one rule per sourcePath per domain", where matching ignores
 * letter case and a trailing slash. Lowercased, with one trailing slash dropped unless the path
 * is `/` or the slash follows a wildcard (where it is significant).
 */
export function sourceKey(sourcePath: string): string {
  const lower = sourcePath.toLowerCase();
  const question = lower.indexOf("?");
  const path = question >= 0 ? lower.slice(0, question) : lower;
  const query = question >= 0 ? lower.slice(question) : "";
  const trimmed =
    path.length > 1 && path.endsWith("/") && !endsWithWildcardSlash(path)
      ? path.slice(0, -1)
      : path;
  return trimmed + query;
}
