/**
 * Access-log lines to crawl events: nginx/Apache "combined" format and NDJSON (one JSON object a
 * line, with common field names). Unparseable lines are reported, never guessed.
 */

export interface LogEntry {
  ts: Date;
  ip: string;
  path: string;
  status: number;
  bytes: number;
  userAgent: string;
  referer: string | null;
  /** The request's query with its `?` (`""` when none): referrals read `utm_source` from it. */
  query: string;
  /** The response's Content-Type when the log has it (NDJSON `content_type`), else `null`. */
  contentType: string | null;
}

const COMBINED =
  /^(\S+) \S+ \S+ \[([^\]]+)\] "(?:[A-Z]+) (\S+)(?: [^"]*)?" (\d{3}) (\d+|-)(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?/;
const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};
const TIME = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/** `10/Oct/2000:13:55:36 -0700` → the instant, or `null`. */
export function parseLogTime(text: string): Date | null {
  // Consecutive lines mostly share their second: the last one parsed is kept.
  if (text === last.text) return new Date(last.ms);
  const parsed = parseTime(text);
  if (parsed !== null) {
    last.text = text;
    last.ms = parsed.getTime();
  }
  return parsed;
}

const last = { text: "", ms: 0 };

function parseTime(text: string): Date | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const [, d, mon, y, hh, mm, ss, sign, oh, om] = m as unknown as string[];
  const month = MONTHS[mon as string];
  if (month === undefined) return null;
  const offset = (Number(oh) * 60 + Number(om)) * (sign === "-" ? -1 : 1);
  const utc =
    Date.UTC(Number(y), month, Number(d), Number(hh), Number(mm), Number(ss)) - offset * 60_000;
  return Number.isNaN(utc) ? null : new Date(utc);
}

/** A path WHATWG URL parsing leaves as it is: no dot segment, `%`, `\\` or character it escapes. */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/]*$/;
/** A query it leaves as it is: printable ASCII but space, `"`, `#`, `'`, `<`, `>`. */
const PLAIN_QUERY = /^[!$%&(-;=?-~]*$/;

/**
 * The stored path of a request target (`/a/b?x=1` or a full URL): its WHATWG `pathname`, as the
 * page exports normalize a page URL (`page-url.ts`): the query and fragment go, so crawls of
 * `/pricing?ref=x` count for the page `/pricing`. Plain targets (most log lines) are split
 * without building a URL; the result is the same (a property test compares both).
 */
export function urlOf(target: string): { path: string; query: string } | null {
  const mark = target.indexOf("?");
  const path = mark === -1 ? target : target.slice(0, mark);
  const query = mark === -1 ? "" : target.slice(mark + 1);
  if (PLAIN_PATH.test(path) && !path.includes("/.") && (mark === -1 || PLAIN_QUERY.test(query)))
    return { path, query: query === "" ? "" : `?${query}` };
  return urlOfSlow(target);
}

function urlOfSlow(target: string): { path: string; query: string } | null {
  try {
    const url = target.startsWith("/") ? new URL(`http://log.invalid${target}`) : new URL(target);
    return { path: url.pathname, query: url.search };
  } catch {
    return null;
  }
}

const pick = (o: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
};

function fromJson(line: string): LogEntry | null {
  let o: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    o = value as Record<string, unknown>;
  } catch {
    return null;
  }
  const rawTs = pick(o, "ts", "time", "timestamp", "@timestamp", "time_local");
  const ts =
    typeof rawTs === "number"
      ? new Date(rawTs > 1e12 ? rawTs : rawTs * 1000)
      : typeof rawTs === "string"
        ? (parseLogTime(rawTs) ?? new Date(rawTs))
        : null;
  const target = pick(o, "path", "url", "uri", "request_uri", "request");
  const url =
    typeof target === "string"
      ? urlOf(target.includes(" ") ? (target.split(" ")[1] ?? "") : target)
      : null;
  const ip = pick(o, "ip", "remote_addr", "client_ip", "remoteAddr");
  const ua = pick(o, "userAgent", "user_agent", "http_user_agent", "ua");
  const status = Number(pick(o, "status", "statusCode"));
  const bytes = Number(pick(o, "bytes", "body_bytes_sent", "size") ?? 0);
  const referer = pick(o, "referer", "referrer", "http_referer");
  const contentType = pick(o, "content_type", "contentType", "sent_http_content_type");
  if (!ts || Number.isNaN(ts.getTime()) || !url || typeof ip !== "string" || typeof ua !== "string")
    return null;
  if (!Number.isInteger(status) || status < 100 || status > 599) return null;
  return {
    ts,
    ip,
    path: url.path,
    status,
    bytes: Number.isFinite(bytes) && bytes >= 0 ? bytes : 0,
    userAgent: ua,
    referer: typeof referer === "string" && referer !== "-" ? referer : null,
    query: url.query,
    contentType: typeof contentType === "string" && contentType !== "" ? contentType : null,
  };
}

/**
 * Log formats: `combined` (nginx/Apache, also common format and any trailing fields such as
 * `$request_time` or `$host`), `vhost_combined` (Apache's, with a leading `host:port`), `ndjson`;
 * `auto` detects each line (JSON object, combined, then vhost_combined).
 */
export const LOG_FORMATS = ["auto", "combined", "vhost_combined", "ndjson"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** One log line as an entry, or `null` when it is not a usable line of the format. */
export function parseLogLine(line: string, format: LogFormat = "auto"): LogEntry | null {
  const trimmed = line.trim();
  if (trimmed === "") return null;
  if (format === "ndjson" || (format === "auto" && trimmed.startsWith("{")))
    return fromJson(trimmed);
  if (format === "combined") return fromCombined(trimmed);
  const space = trimmed.indexOf(" ");
  const vhost = () => (space > 0 ? fromCombined(trimmed.slice(space + 1)) : null);
  if (format === "vhost_combined") return vhost();
  return fromCombined(trimmed) ?? vhost();
}

function fromCombined(trimmed: string): LogEntry | null {
  const m = COMBINED.exec(trimmed);
  if (!m) return null;
  const [, ip, time, target, status, bytes, referer, ua] = m as unknown as (string | undefined)[];
  const ts = parseLogTime(time ?? "");
  const url = urlOf(target ?? "");
  if (!ts || !url) return null;
  return {
    ts,
    ip: ip as string,
    path: url.path,
    status: Number(status),
    bytes: bytes === "-" ? 0 : Number(bytes),
    userAgent: ua === undefined ? "" : ua.includes('\\"') ? ua.replace(/\\"/g, '"') : ua,
    referer: referer && referer !== "-" ? referer : null,
    query: url.query,
    contentType: null,
  };
}
