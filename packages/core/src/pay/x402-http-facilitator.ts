import type { FetchLike } from "../ports/environment.js";
import type { X402Facilitator, X402Verification } from "../ports/x402.js";
import { readBodyCapped } from "../render/fetch-renderer.js";
import type { X402PaymentPayload, X402Requirements, X402Settlement } from "./x402.js";

/** Default time for one facilitator call (verify or settle). */
export const FACILITATOR_TIMEOUT_MS = 10_000;
/** Default cap of a facilitator's answer. */
export const FACILITATOR_MAX_BYTES = 64 * 1024;

export interface HttpFacilitatorOptions {
  /** The facilitator's base URL (`https://x402.org/facilitator`): `/verify` and `/settle` below it. */
  url: string;
  /** The HTTP client: on Node the pinned, SSRF-safe fetch (`createPinnedFetch`). */
  fetch: FetchLike;
  timeoutMs?: number;
  maxBytes?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const optionalText = (v: unknown): string | undefined =>
  typeof v === "string" && v.length <= 1024 ? v : undefined;

/**
 * The x402 facilitator API over HTTP: `POST {url}/verify` and `POST {url}/settle`, each with
 * `{x402Version: 2, paymentPayload, paymentRequirements}`, answered JSON (`{isValid,
 * invalidReason?, payer?}`; `{success, errorReason?, payer?, transaction, network}`). A call
 * that fails, takes longer than `timeoutMs`, answers more than `maxBytes` or anything else than
 * that JSON rejects.
 */
export function createHttpFacilitator(options: HttpFacilitatorOptions): X402Facilitator {
  const base = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? FACILITATOR_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FACILITATOR_MAX_BYTES;
  const call = async (
    path: "verify" | "settle",
    paymentPayload: X402PaymentPayload,
    paymentRequirements: X402Requirements,
  ): Promise<Record<string, unknown>> => {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await options.fetch(`${base}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ x402Version: 2, paymentPayload, paymentRequirements }),
      redirect: "manual",
      signal,
    });
    const bytes = await readBodyCapped(response, maxBytes);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new Error(`facilitator ${path} answered ${response.status} without JSON`);
    }
    if (!isRecord(json)) throw new Error(`facilitator ${path} answered a non-object`);
    return json;
  };
  return {
    async verify(payload, requirements): Promise<X402Verification> {
      const json = await call("verify", payload, requirements);
      if (typeof json.isValid !== "boolean") throw new Error("facilitator verify: no isValid");
      return {
        isValid: json.isValid,
        ...(optionalText(json.invalidReason) ? { invalidReason: String(json.invalidReason) } : {}),
        ...(optionalText(json.payer) ? { payer: String(json.payer) } : {}),
      };
    },
    async settle(payload, requirements): Promise<X402Settlement> {
      const json = await call("settle", payload, requirements);
      if (typeof json.success !== "boolean") throw new Error("facilitator settle: no success");
      const transaction = optionalText(json.transaction) ?? "";
      if (json.success && transaction === "") {
        throw new Error("facilitator settle: success without a transaction");
      }
      return {
        success: json.success,
        transaction,
        network: optionalText(json.network) ?? requirements.network,
        ...(optionalText(json.errorReason) ? { errorReason: String(json.errorReason) } : {}),
        ...(optionalText(json.payer) ? { payer: String(json.payer) } : {}),
      };
    },
  };
}
