import { type InnerList, type Item, isInnerList, parseDictionary } from "structured-headers";
import { innerListText, itemText } from "./serialize.js";
import type { CoveredComponent } from "./signature-input.js";
import type { SignedRequest } from "./signed-request.js";

/** A component's value, or why it has none. */
export type ComponentValue =
  | { ok: true; value: string }
  | { ok: false; reason: "missing_component" | "unsupported_component" | "malformed_header" };

const missing = { ok: false, reason: "missing_component" } as const;
const unsupported = { ok: false, reason: "unsupported_component" } as const;
const malformed = { ok: false, reason: "malformed_header" } as const;
const LOWER_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/**
 * The RFC 9421 §2 value of one covered component of a request. Derived components: `@method`,
 * `@authority`, `@scheme`, `@target-uri`, `@request-target`, `@path`, `@query`. Header fields by
 * lower-case name, their value trimmed; with `;key="m"` the field is parsed as a dictionary and
 * its member `m` serialized. Any other parameter (`sf`, `bs`, `req`, `tr`, `name`) and any other
 * derived component is unsupported: the verifier then cannot rebuild what was signed.
 */
export function componentValue(
  request: SignedRequest,
  component: CoveredComponent,
): ComponentValue {
  const { name, params } = component;
  if (name.startsWith("@")) {
    if (params.size > 0) return unsupported;
    const value = derived(request, name);
    return value === null ? unsupported : { ok: true, value };
  }
  if (!LOWER_NAME.test(name)) return unsupported;
  const raw = request.headers[name];
  if (raw === undefined) return missing;
  if (raw.includes("\n") || raw.includes("\r")) return malformed;
  if (params.size === 0) return { ok: true, value: raw.trim() };
  const key = params.get("key");
  if (params.size > 1 || typeof key !== "string") return unsupported;
  let members: Map<string, Item | InnerList>;
  try {
    members = parseDictionary(raw);
  } catch {
    return malformed;
  }
  const member = members.get(key);
  if (member === undefined) return missing;
  return {
    ok: true,
    value: isInnerList(member) ? innerListText(member) : itemText(member),
  };
}

function derived(request: SignedRequest, name: string): string | null {
  switch (name) {
    case "@method":
      return request.method;
    case "@authority":
      return authorityOf(request);
    case "@scheme":
      return schemeOf(request);
    case "@target-uri":
      return `${schemeOf(request)}://${authorityOf(request)}${request.url}`;
    case "@request-target":
      return request.url;
    case "@path": {
      const q = request.url.indexOf("?");
      const path = q < 0 ? request.url : request.url.slice(0, q);
      return path === "" ? "/" : path;
    }
    case "@query": {
      const q = request.url.indexOf("?");
      return q < 0 ? "?" : request.url.slice(q);
    }
    default:
      return null;
  }
}

function schemeOf(request: SignedRequest): string {
  return request.protocol ?? "https";
}

/** RFC 9421 §2.2.3: the host lower-cased, without the scheme's default port. */
export function authorityOf(request: SignedRequest): string {
  const host = request.host.trim().toLowerCase();
  const defaultPort = schemeOf(request) === "https" ? ":443" : ":80";
  return host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host;
}
