import { componentValue } from "./components.js";
import type { CoveredComponent } from "./signature-input.js";
import type { SignedRequest } from "./signed-request.js";

export type BaseResult =
  | { ok: true; base: string }
  | { ok: false; reason: "missing_component" | "unsupported_component" | "malformed_header" };

/**
 * The RFC 9421 §2.5 signature base: one `<component id>: <value>` line per covered component in
 * order, then `"@signature-params": <serialized inner list>`, joined by `\n` with no trailing
 * newline. A component listed twice (same identifier) is refused, as the RFC requires.
 */
export function signatureBase(
  request: SignedRequest,
  components: readonly CoveredComponent[],
  signatureParams: string,
): BaseResult {
  let base = "";
  for (let i = 0; i < components.length; i++) {
    const component = components[i] as CoveredComponent;
    for (let j = 0; j < i; j++) {
      if ((components[j] as CoveredComponent).id === component.id)
        return { ok: false, reason: "unsupported_component" };
    }
    const value = componentValue(request, component);
    if (!value.ok) return value;
    base += `${component.id}: ${value.value}\n`;
  }
  return { ok: true, base: `${base}"@signature-params": ${signatureParams}` };
}
