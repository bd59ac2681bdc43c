import { CrawlgateError } from "../errors.js";
import { ERROR_STATUS, errorResponse } from "../http/error-response.js";
import type { PayRefusal } from "../pay/crawler-pay.js";
import { formatAmount, formatPrice } from "../pay/price.js";
import { type CompiledPolicy, compilePolicy } from "../policy/compile.js";
import { policyRequestPath } from "../policy/path-pattern.js";
import { type DenyAction, priceHeader } from "../policy/schema.js";
import { policySubject } from "../policy/subject.js";
import type { EdgeSettings } from "../ports/index.js";
import type { BotDefinition } from "../taxonomy/schema.js";
import type { EdgeVerification } from "../verify/peek.js";
import {
  compileSignalHeaders,
  type SignalHeaders,
  type SignalHeadersOf,
} from "./signal-headers.js";

/** What the crawler policy answers instead of the site: a block or a charge. */
export interface PolicyAnswer {
  kind: "policy";
  action: "block" | "charge";
  /** 402 or 403; a pay-per-crawl refusal has its error's status (400, 502). */
  status: number;
  headers: Record<string, string>;
  /** The JSON body (empty for HEAD). */
  body: Uint8Array;
}

export const BLOCKED_MESSAGE =
  "This crawler is not allowed on this site by the site's crawler policy.";
export const CHARGE_MESSAGE =
  "This site charges crawlers for access; the price per request is in the crawler-price header.";

const encoder = new TextEncoder();

/**
 * The answer to a denied crawler, from the error table: `block` answers its status (403, or 402
 * where the policy says so) with `{"error":"crawler_blocked","message":…}`, `charge` answers 402
 * with the `crawler-price` header and
 * `{"error":"payment_required","message":…,"price":{amount,currency}}`; the owner's message or
 * a standard sentence. Never cached by intermediaries.
 */
export function policyAnswer(action: DenyAction, method: string): PolicyAnswer {
  if (action.type === "block") {
    const error = new CrawlgateError("crawler_blocked", {
      message: action.message ?? BLOCKED_MESSAGE,
    });
    return jsonAnswer(error, action.status, method, "block", {});
  }
  const error = new CrawlgateError("payment_required", {
    message: action.message ?? CHARGE_MESSAGE,
    price: action.price,
  });
  return jsonAnswer(error, 402, method, "charge", { "crawler-price": priceHeader(action.price) });
}

/**
 * A pay-per-crawl refusal (`crawler-error` and, for the 402s, `crawler-price`), from the error
 * table; `crawler_forbidden` is the policy's block, the others its charge.
 */
export function payRefusalAnswer(refusal: PayRefusal, method: string): PolicyAnswer {
  const price = refusal.price
    ? { amount: formatAmount(refusal.price.micros), currency: refusal.price.currency }
    : undefined;
  const error = new CrawlgateError(refusal.code, {
    message: refusal.message,
    ...(price ? { price } : {}),
  });
  const status = ERROR_STATUS[refusal.code];
  const action = refusal.code === "crawler_forbidden" ? "block" : "charge";
  const extra: Record<string, string> = refusal.price
    ? { "crawler-price": formatPrice(refusal.price) }
    : {};
  return jsonAnswer(error, status, method, action, extra);
}

/** A JSON answer of the edge itself: never cached, no body for HEAD. */
function jsonAnswer(
  error: CrawlgateError,
  status: number,
  method: string,
  action: PolicyAnswer["action"],
  extra: Record<string, string>,
): PolicyAnswer {
  const answer = errorResponse(error);
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    ...answer.headers,
    ...extra,
  };
  const full = encoder.encode(JSON.stringify(answer.body));
  headers["content-length"] = String(full.byteLength);
  const body = method === "HEAD" ? new Uint8Array(0) : full;
  return { kind: "policy", action, status, headers, body };
}

export interface PolicyGate {
  /**
   * The block or charge that applies to a crawler's request (`null`: go on). `verification`
   * is what is known of the address now (see `Verifier.peek`), or a signature's outcome;
   * `signatureAgent` the origin a Web Bot Auth signature verified against (`null`: none).
   */
  deny(
    settings: EdgeSettings,
    bot: Readonly<BotDefinition>,
    verification: EdgeVerification,
    path: string,
    signatureAgent?: string | null,
  ): DenyAction | null;
  /**
   * The signal headers (`Content-Usage`, licence `Link`) of a request path, raw, without query
   * (`null`: none to add): see `compileSignalHeaders`.
   */
  signals(settings: EdgeSettings, path: string): SignalHeaders | null;
}

interface Compiled {
  policy: CompiledPolicy;
  signals: SignalHeadersOf;
}

/**
 * Policies compiled once per cached settings object (as the rule index), then evaluated; the
 * content-signal preferences beside them.
 */
export function createPolicyGate(unknownBot: Readonly<BotDefinition>): PolicyGate {
  const compiled = new WeakMap<EdgeSettings, Compiled>();
  const compiledOf = (settings: EdgeSettings) => {
    let entry = compiled.get(settings);
    if (!entry) {
      entry = {
        policy: compilePolicy(settings.policy),
        signals: compileSignalHeaders(settings.policy),
      };
      compiled.set(settings, entry);
    }
    return entry;
  };
  return {
    signals: (settings, path) => compiledOf(settings).signals(path),
    deny(settings, bot, verification, path, signatureAgent = null) {
      const { policy } = compiledOf(settings);
      if (policy.allowsAll) return null;
      const subject = policySubject(
        bot,
        verification,
        settings.policy.impostorProtection,
        unknownBot,
        signatureAgent,
      );
      // Judged as the origin would read the path, not as it was spelled.
      const { action } = policy.evaluate(subject, policyRequestPath(path));
      return action.type === "allow" ? null : action;
    },
  };
}
