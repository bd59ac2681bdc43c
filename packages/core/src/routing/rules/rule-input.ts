import type { RedirectCode, RoutingRule, RuleType } from "../../types.js";
import { parseBodyForm } from "../../validation/body-forms.js";
import { issueMessage } from "../../validation/issue-message.js";
import {
  type CreateRuleBody,
  createRuleBody,
  DOMAIN_MISMATCH,
  type PatchRuleBody,
  patchRuleBody,
} from "./rule-body.js";
import { type Field, proxyTargetField, redirectTargetField } from "./rule-fields.js";

/** A rule's writable fields, validated and with defaults applied. */
export type RuleDraft = Pick<
  RoutingRule,
  "sourcePath" | "targetUrl" | "ruleType" | "redirectCode" | "priority" | "isActive" | "notes"
>;

/** The fields a PATCH sent, each already valid on its own. */
export interface RulePatch {
  sourcePath?: string;
  /** `null`: keep the current target, checked again against the resulting rule type. */
  targetUrl?: string | null;
  ruleType?: RuleType;
  redirectCode?: RedirectCode | null;
  priority?: number;
  isActive?: boolean;
  notes?: string | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** A `domainId` sent in a body must name the path's domain (either letter case). */
function domainMismatch(domainId: string | undefined, pathDomainId: string): boolean {
  return domainId !== undefined && domainId.toLowerCase() !== pathDomainId;
}

function target(ruleType: RuleType, raw: string, domainHostname: string): Field<string> {
  return ruleType === "proxy" ? proxyTargetField(raw, domainHostname) : redirectTargetField(raw);
}

/** Validates a create body (spec: POST routing-rules), whatever it is, and applies the defaults. */
export function parseCreateRule(
  body: unknown,
  domainHostname: string,
  pathDomainId: string,
): Parsed<RuleDraft> {
  const parsed = parseBodyForm(createRuleBody, body);
  if (!parsed.success) return fail(issueMessage(parsed.error, { schema: createRuleBody, body }));
  return ruleDraft(parsed.data, domainHostname, pathDomainId);
}

/**
 * The rule a create body describes, each field already valid on its own (`createRuleBody`):
 * then the path's domain, the target for the rule type and a proxy's redirect code.
 */
export function ruleDraft(
  body: CreateRuleBody,
  domainHostname: string,
  pathDomainId: string,
): Parsed<RuleDraft> {
  if (domainMismatch(body.domainId, pathDomainId)) return fail(DOMAIN_MISMATCH);
  const { ruleType } = body;
  const targetUrl = target(ruleType, body.targetUrl, domainHostname);
  if (!targetUrl.ok) return targetUrl;
  let redirectCode: RedirectCode | null = null;
  if (body.ruleType === "redirect") redirectCode = body.redirectCode;
  else if (body.redirectCode !== undefined && body.redirectCode !== null) {
    return fail("redirectCode applies to redirects only; omit it for a proxy");
  }
  const { sourcePath, priority, isActive, notes } = body;
  return {
    ok: true,
    value: {
      sourcePath,
      targetUrl: targetUrl.value,
      ruleType,
      redirectCode,
      priority,
      isActive,
      notes,
    },
  };
}

/** Validates a PATCH body, whatever it is. */
export function parsePatchRule(body: unknown, pathDomainId: string): Parsed<RulePatch> {
  const parsed = parseBodyForm(patchRuleBody, body);
  if (!parsed.success) return fail(issueMessage(parsed.error, { schema: patchRuleBody, body }));
  return rulePatch(parsed.data, pathDomainId);
}

/**
 * The changes a PATCH body asks for, each field already valid on its own (`patchRuleBody`):
 * then the path's domain. `targetUrl` is checked in `applyRulePatch`, where the resulting rule
 * type is known.
 */
export function rulePatch(body: PatchRuleBody, pathDomainId: string): Parsed<RulePatch> {
  if (domainMismatch(body.domainId, pathDomainId)) return fail(DOMAIN_MISMATCH);
  const { domainId: _domainId, ...patch } = body;
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
