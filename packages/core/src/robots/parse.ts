/** One rule of a group: `Allow` or `Disallow` and its path pattern, as written (trimmed). */
export interface RobotsRule {
  allow: boolean;
  path: string;
}

/** A group: the product tokens of its `User-agent` lines (`*` included) and its rules in order. */
export interface RobotsGroup {
  userAgents: string[];
  rules: RobotsRule[];
}

/** A parsed robots.txt: its groups in file order. Other records (Sitemap, …) are not kept. */
export interface RobotsFile {
  groups: RobotsGroup[];
}

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB; we parse exactly that much. */
export const ROBOTS_SIZE_LIMIT = 500 * 1024;

const encoder = new TextEncoder();

/**
 * The part of `text` a crawler reads: a leading BOM dropped, then at most `ROBOTS_SIZE_LIMIT`
 * UTF-8 bytes (or `limit`), cut after the last line break inside the limit so that no line is half read.
 */
export function withinSizeLimit(text: string, limit = ROBOTS_SIZE_LIMIT): string {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  // Fast path: every UTF-16 unit is at most 3 UTF-8 bytes.
  if (body.length * 3 <= limit) return body;
  const bytes = encoder.encode(body);
  if (bytes.length <= limit) return body;
  let end = Math.max(0, limit);
  while (end > 0 && bytes[end - 1] !== 0x0a && bytes[end - 1] !== 0x0d) end--;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

/** The product token a `User-agent` value names: up to the first whitespace or `/`. */
export function userAgentToken(value: string): string {
  const end = value.search(/[\s/]/);
  return end === -1 ? value : value.slice(0, end);
}

/** A line's record: its lowercase key and trimmed value, without the comment; `null` if none. */
export function recordOf(line: string): { key: string; value: string } | null {
  const hash = line.indexOf("#");
  const content = hash === -1 ? line : line.slice(0, hash);
  const colon = content.indexOf(":");
  if (colon === -1) return null;
  const key = content.slice(0, colon).trim().toLowerCase();
  if (key === "") return null;
  return { key, value: content.slice(colon + 1).trim() };
}

/**
 * The values of the `Sitemap:` lines of a robots.txt (RFC 9309 §2.2.4 leaves them to other
 * records), in file order, within the size limit crawlers read. Never throws.
 */
export function robotsSitemaps(text: string): string[] {
  const out: string[] = [];
  for (const line of robotsLines(withinSizeLimit(text))) {
    const record = recordOf(line);
    if (record?.key === "sitemap" && record.value !== "") out.push(record.value);
  }
  return out;
}

/** Splits on CRLF, CR or LF. */
export function robotsLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * Parses robots.txt per RFC 9309: `User-agent` lines open a group (consecutive ones share it),
 * `Allow`/`Disallow` lines add rules to the open group, a `User-agent` line after a rule opens
 * the next group. Keys are case-insensitive; `#` starts a comment; lines without a key and a
 * colon, rules before any `User-agent` line, rules with an empty path and unknown keys are
 * ignored. Only the first `ROBOTS_SIZE_LIMIT` bytes are read. Never throws.
 */
export function parseRobots(text: string): RobotsFile {
  const groups: RobotsGroup[] = [];
  let open: RobotsGroup | null = null;
  let hasRules = false;
  for (const line of robotsLines(withinSizeLimit(text))) {
    const record = recordOf(line);
    if (!record) continue;
    if (record.key === "user-agent") {
      const token = userAgentToken(record.value);
      if (token === "") continue;
      if (!open || hasRules) {
        open = { userAgents: [], rules: [] };
        groups.push(open);
        hasRules = false;
      }
      open.userAgents.push(token);
    } else if (record.key === "allow" || record.key === "disallow") {
      if (!open) continue;
      hasRules = true;
      if (record.value === "") continue;
      open.rules.push({ allow: record.key === "allow", path: record.value });
    }
  }
  return { groups };
}
