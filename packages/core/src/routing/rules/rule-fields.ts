import { checkProxyTarget, parseAbsoluteHttpUrl } from "../targets/proxy-target.js";
import { checkSourceGrammar } from "./source-grammar.js";

/** Field rules shared by create and update. Each returns the cleaned value or a message. */

export type Field<T> = { ok: true; value: T } | { ok: false; message: string };

export const MAX_PATH_LENGTH = 2048;
export const MAX_NOTES_LENGTH = 2000;
/** Priorities are stored as signed 32-bit integers. */
export const PRIORITY_MIN = -2_147_483_648;
export const PRIORITY_MAX = 2_147_483_647;

/** Whether `value` has white space or a control character (C0 or DEL) anywhere. */
export function hasSpaceOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return /\s/.test(value);
}

const ok = <T>(value: T): Field<T> => ({ ok: true, value });
const no = (message: string): Field<never> => ({ ok: false, message });

export function sourcePathField(raw: unknown): Field<string> {
  if (typeof raw !== "string") return no("sourcePath is required and must be a string");
  const value = raw.trim();
  if (value.length === 0) return no("sourcePath must not be empty");
  if (value.length > MAX_PATH_LENGTH)
    return no(`sourcePath must be at most ${MAX_PATH_LENGTH} characters`);
  if (!value.startsWith("/")) return no('sourcePath must start with "/"');
  if (hasSpaceOrControl(value))
    return no("sourcePath must not contain white space or control characters");
  if (value.includes("#")) return no('sourcePath must not contain "#"');
  const grammar = checkSourceGrammar(value);
  return grammar.ok ? ok(value) : no(grammar.message);
}

function targetText(raw: unknown): Field<string> {
  if (typeof raw !== "string") return no("targetUrl is required and must be a string");
  const value = raw.trim();
  if (value.length === 0) return no("targetUrl must not be empty");
  if (value.length > MAX_PATH_LENGTH)
    return no(`targetUrl must be at most ${MAX_PATH_LENGTH} characters`);
  if (hasSpaceOrControl(value))
    return no("targetUrl must not contain white space or control characters");
  return ok(value);
}

/** A redirect target: a path on the domain, or a full http(s) URL. */
export function redirectTargetField(raw: unknown): Field<string> {
  const text = targetText(raw);
  if (!text.ok) return text;
  const value = text.value;
  if (value.startsWith("/")) {
    // "//host" and "/\host" are read by browsers as another host: an open redirect.
    if (value.startsWith("//") || value.startsWith("/\\")) {
      return no('targetUrl must be a path on the domain (not starting with "//") or a full URL');
    }
    return ok(value);
  }
  const url = parseAbsoluteHttpUrl(value);
  return url.ok
    ? ok(value)
    : no(`targetUrl must be a path starting with "/" or a full http(s) URL; it ${url.reason}`);
}

/** A proxy target: a full http(s) URL to a public host other than the domain itself. */
export function proxyTargetField(raw: unknown, domainHostname: string): Field<string> {
  const text = targetText(raw);
  if (!text.ok) return text;
  const check = checkProxyTarget(text.value, domainHostname);
  return check.ok ? ok(text.value) : no(`proxy targetUrl ${check.reason}`);
}

/** Notes: trimmed; empty (or `null`) means none. */
export function notesField(raw: unknown): Field<string | null> {
  if (raw === null) return ok(null);
  if (typeof raw !== "string") return no("notes must be a string or null");
  const value = raw.trim();
  if (value.length > MAX_NOTES_LENGTH)
    return no(`notes must be at most ${MAX_NOTES_LENGTH} characters`);
  return ok(value.length === 0 ? null : value);
}
