import {
  type BareItem,
  type InnerList,
  type Item,
  isInnerList,
  type Parameters,
  parseDictionary,
} from "structured-headers";
import { innerListText, itemText } from "./serialize.js";

/** One covered component: its name (`@authority`, `signature-agent`) and its parameters. */
export interface CoveredComponent {
  name: string;
  params: Parameters;
  /** The serialized component identifier (`"signature-agent";key="sig1"`). */
  id: string;
}

/** One label of `Signature-Input` with its `Signature` value. */
export interface SignatureLabel {
  label: string;
  /** The covered components in order, or `null` when the member is not a list of strings. */
  components: CoveredComponent[] | null;
  /** The signature parameters (`created`, `expires`, `keyid`, `tag`, `nonce`, `alg`, …). */
  params: Parameters;
  /** The serialized inner list: the value of the `@signature-params` line. */
  signatureParams: string;
  /** The label's `Signature` bytes, or `null` when absent or not a byte sequence. */
  signature: Uint8Array<ArrayBuffer> | null;
}

/**
 * `Signature-Input` and `Signature` as RFC 9651 dictionaries, one entry per `Signature-Input`
 * label in header order. Returns `null` when either header is not a valid dictionary. A label
 * whose member is not an inner list of strings keeps `components: null` (judged on its own).
 */
export function parseSignatureLabels(input: string, signature: string): SignatureLabel[] | null {
  let inputs: Map<string, Item | InnerList>;
  let signatures: Map<string, Item | InnerList>;
  try {
    inputs = parseDictionary(input);
    signatures = parseDictionary(signature);
  } catch {
    return null;
  }
  const labels: SignatureLabel[] = [];
  for (const [label, member] of inputs) {
    const sig = signatures.get(label);
    const bytes = sig !== undefined && !isInnerList(sig) ? asBytes(sig[0]) : null;
    if (!isInnerList(member)) {
      labels.push({
        label,
        components: null,
        params: member[1],
        signatureParams: "",
        signature: bytes,
      });
      continue;
    }
    labels.push({
      label,
      components: coveredComponents(member[0]),
      params: member[1],
      signatureParams: innerListText(member),
      signature: bytes,
    });
  }
  return labels;
}

function coveredComponents(items: Item[]): CoveredComponent[] | null {
  const out: CoveredComponent[] = [];
  for (const item of items) {
    if (typeof item[0] !== "string") return null;
    out.push({ name: item[0], params: item[1], id: itemText(item) });
  }
  return out;
}

function asBytes(value: BareItem): Uint8Array<ArrayBuffer> | null {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value))
    return Uint8Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  return null;
}
