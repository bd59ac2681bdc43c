import type { RedirectCode, RoutingRule, RuleType } from "../types.js";
import {
  type Field,
  isActiveField,
  notesField,
  priorityField,
  proxyTargetField,
  redirectCodeField,
  redirectTargetField,
  ruleTypeField,
  sourcePathField,
} from "./rule-fields.js";

/** A rule's writable fields, validated and with defaults applied. */
export type RuleDraft = Pick<
  RoutingRule,
  "sourcePath" | "targetUrl" | "ruleType" | "redirectCode" | "priority" | "isActive" | "notes"
>;

/** The fields a PATCH sent, each already valid on its own. */
export interface RulePatch {
  sourcePath?: string;
  targetUrl?: unknown;
  ruleType?: RuleType;
  redirectCode?: RedirectCode | null;
  priority?: number;
  isActive?: boolean;
  notes?: string | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const FIELDS = [
  "sourcePath",
  "targetUrl",
  "ruleType",
  "redirectCode",
  "priority",
  "isActive",
  "notes",
];

/** Refuses fields we do not know; `domainId` is allowed only when it names the path's domain. */
function checkKeys(body: unknown, pathDomainId: string): Parsed<Record<string, unknown>> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: "request body must be a JSON object" };
  }
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => !FIELDS.includes(k) && k !== "domainId");
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`,
    };
  }
  if ("domainId" in record && String(record.domainId).toLowerCase() !== pathDomainId) {
    return {
      ok: false,
      message: "domainId in the body must match the path; a rule cannot move domains",
    };
  }
  return { ok: true, value: record };
}

function target(ruleType: RuleType, raw: unknown, domainHostname: string): Field<string> {
  return ruleType === "proxy" ? proxyTargetField(raw, domainHostname) : redirectTargetField(raw);
}

/** Validates a create body (spec: POST routing-rules) and applies the defaults. */
export function parseCreateRule(
  body: unknown,
  domainHostname: string,
  pathDomainId: string,
): Parsed<RuleDraft> {
  const keys = checkKeys(body, pathDomainId);
  if (!keys.ok) return keys;
  const b = keys.value;
  const sourcePath = sourcePathField(b.sourcePath);
  if (!sourcePath.ok) return sourcePath;
  const ruleType =
    b.ruleType === undefined
      ? ({ ok: true, value: "redirect" } as const)
      : ruleTypeField(b.ruleType);
  if (!ruleType.ok) return ruleType;
  const targetUrl = target(ruleType.value, b.targetUrl, domainHostname);
  if (!targetUrl.ok) return targetUrl;
  let redirectCode: RedirectCode | null;
  if (ruleType.value === "proxy") {
    if (b.redirectCode !== undefined && b.redirectCode !== null) {
      return { ok: false, message: "redirectCode applies to redirects only; omit it for a proxy" };
    }
    redirectCode = null;
  } else {
    const code =
      b.redirectCode === undefined
        ? ({ ok: true, value: 301 } as const)
        : redirectCodeField(b.redirectCode);
    if (!code.ok) return code;
    redirectCode = code.value;
  }
  const priority =
    b.priority === undefined ? ({ ok: true, value: 0 } as const) : priorityField(b.priority);
  if (!priority.ok) return priority;
  const isActive =
    b.isActive === undefined ? ({ ok: true, value: true } as const) : isActiveField(b.isActive);
  if (!isActive.ok) return isActive;
  const notes = b.notes === undefined ? ({ ok: true, value: null } as const) : notesField(b.notes);
  if (!notes.ok) return notes;
  return {
    ok: true,
    value: {
      sourcePath: sourcePath.value,
      targetUrl: targetUrl.value,
      ruleType: ruleType.value,
      redirectCode,
      priority: priority.value,
      isActive: isActive.value,
      notes: notes.value,
    },
  };
}

/**
 * Validates a PATCH body field by field. `targetUrl` is checked in `applyRulePatch`, where the
 * resulting rule type is known.
 */
export function parsePatchRule(body: unknown, pathDomainId: string): Parsed<RulePatch> {
  const keys = checkKeys(body, pathDomainId);
  if (!keys.ok) return keys;
  const b = keys.value;
  const patch: RulePatch = {};
  const steps: [keyof RulePatch, (raw: unknown) => Field<unknown>][] = [
    ["sourcePath", sourcePathField],
    ["ruleType", ruleTypeField],
    ["redirectCode", (raw) => (raw === null ? { ok: true, value: null } : redirectCodeField(raw))],
    ["priority", priorityField],
    ["isActive", isActiveField],
    ["notes", notesField],
  ];
  for (const [name, check] of steps) {
    if (b[name] === undefined) continue;
    const field = check(b[name]);
    if (!field.ok) return field;
    (patch as Record<string, unknown>)[name] = field.value;
  }
  if (b.targetUrl !== undefined) patch.targetUrl = b.targetUrl;
  return { ok: true, value: patch };
}

/**
 * Applies a patch to a stored rule, following the spec's type-change table: redirect → proxy
 * re-validates the target (new or current) as a proxy target and clears `redirectCode`;
 * proxy → redirect keeps the target unless a new one is sent and sets `redirectCode` to 301
 * unless 302 is sent. A `redirectCode` on a rule that ends up a proxy is refused.
 */
export function applyRulePatch(
  current: RuleDraft,
  patch: RulePatch,
  domainHostname: string,
): Parsed<RuleDraft> {
  const ruleType = patch.ruleType ?? current.ruleType;
  const typeChanged = ruleType !== current.ruleType;

  let targetUrl = current.targetUrl;
  if (patch.targetUrl !== undefined || (typeChanged && ruleType === "proxy")) {
    const checked = target(ruleType, patch.targetUrl ?? current.targetUrl, domainHostname);
    if (!checked.ok) {
      const hint =
        patch.targetUrl === undefined
          ? " (send a new full URL as targetUrl in the same request)"
          : "";
      return { ok: false, message: checked.message + hint };
    }
    targetUrl = checked.value;
  }

  let redirectCode: RedirectCode | null;
  if (ruleType === "proxy") {
    if (patch.redirectCode !== undefined && patch.redirectCode !== null) {
      return {
        ok: false,
        message: "redirectCode applies to redirects only; a proxy rule has none",
      };
    }
    redirectCode = null;
  } else if (patch.redirectCode !== undefined && patch.redirectCode !== null) {
    redirectCode = patch.redirectCode;
  } else if (patch.redirectCode === null) {
    return { ok: false, message: "redirectCode must be 301 or 302 for a redirect" };
  } else {
    redirectCode = typeChanged ? 301 : current.redirectCode;
  }

  return {
    ok: true,
    value: {
      sourcePath: patch.sourcePath ?? current.sourcePath,
      targetUrl,
      ruleType,
      redirectCode,
      priority: patch.priority ?? current.priority,
      isActive: patch.isActive ?? current.isActive,
      notes: patch.notes === undefined ? current.notes : patch.notes,
    },
  };
}
