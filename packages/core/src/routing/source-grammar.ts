/**
 * The grammar of `sourcePath` as far as writes need it: what may be stored. The matcher that
 * applies rules to traffic builds on the same segment rules.
 *
 * - The part after the first `?` is a literal query string (`/page?x=1`).
 * - `:name` (one segment), `:name*` / `:name+` (the rest of the path; last segment only). Names
 *   are `[A-Za-z_][A-Za-z0-9_]*` and unique within a source.
 * - A segment that is exactly `*` matches one segment in the middle and the rest of the path when
 *   last; `*` inside a segment (`/gallery-` then `*`) matches within that segment; one `*` per segment.
 * - One trailing slash after the last segment is allowed (a source of the form "/:path*" plus a
 *   trailing slash matches only URLs ending in a slash); empty segments elsewhere are not.
 */

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)([*+]?)$/;

export type GrammarCheck = { ok: true } | { ok: false; message: string };

export function checkSourceGrammar(sourcePath: string): GrammarCheck {
  const question = sourcePath.indexOf("?");
  const path = question >= 0 ? sourcePath.slice(0, question) : sourcePath;
  if (!path.startsWith("/")) return fail('sourcePath must start with "/"');
  const segments = path.slice(1).split("/");
  if (segments.length > 1 && segments[segments.length - 1] === "") segments.pop();
  const names = new Set<string>();
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const last = i === segments.length - 1;
    if (segment === "") {
      if (segments.length === 1) continue; // the root path "/"
      return fail("sourcePath must not contain empty segments (//)");
    }
    if (segment.startsWith(":")) {
      const match = PARAM.exec(segment);
      if (!match) {
        return fail(
          segment === ":" || /^:[*+]$/.test(segment)
            ? "sourcePath has a parameter with an empty name"
            : `sourcePath parameter "${segment}" must be ":" followed by a name of letters, digits and _ (optionally ending in * or +)`,
        );
      }
      const [, name, modifier] = match as unknown as [string, string, string];
      if (names.has(name)) return fail(`sourcePath captures ":${name}" twice`);
      names.add(name);
      if (modifier && !last) {
        return fail(`sourcePath parameter "${segment}" may only be the last segment`);
      }
      continue;
    }
    const stars = segment.split("*").length - 1;
    if (stars > 1) return fail(`sourcePath segment "${segment}" may contain at most one *`);
  }
  return { ok: true };
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

function fail(message: string): GrammarCheck {
  return { ok: false, message };
}
