import {
  type Dictionary,
  type InnerList,
  type Item,
  isInnerList,
  parseDictionary,
  parseItem,
  Token,
} from "structured-headers";
import type { InvalidReason } from "./outcome.js";
import type { CoveredComponent } from "./signature-input.js";

/** `Signature-Agent`: the legacy bare string, or the dictionary of labelled agents. */
export type AgentHeader =
  | { form: "string"; url: string }
  | { form: "dictionary"; members: Dictionary };

/** The agent one label relies on: its URL and the `type` parameter (`null` when absent). */
export interface ClaimedAgent {
  url: string;
  type: string | null;
}

/**
 * Parses `Signature-Agent`. A value that starts with `"` is the legacy form, an sf-string
 * (`"https://chatgpt.com"`); anything else must be an RFC 9651 dictionary
 * (`sig1="https://agent.example";type=directory`). `null` when it is neither.
 */
export function parseSignatureAgent(value: string): AgentHeader | null {
  const trimmed = value.trim();
  try {
    if (trimmed.startsWith('"')) {
      const [url] = parseItem(trimmed);
      return typeof url === "string" ? { form: "string", url } : null;
    }
    return { form: "dictionary", members: parseDictionary(trimmed) };
  } catch {
    return null;
  }
}

/**
 * The agent a label's signature is attributed to: the one `signature-agent` component it covers.
 * With `;key="m"` that is the dictionary member `m`; without it, the legacy string, or the only
 * member of a one-member dictionary. Covering no `signature-agent`, several, or a bare
 * `signature-agent` over a dictionary of several members attributes nothing
 * (`agent_not_covered`): a signature is never attributed to a member it does not cover.
 */
export function claimedAgent(
  header: AgentHeader | null,
  components: readonly CoveredComponent[],
): ClaimedAgent | InvalidReason {
  let covered: CoveredComponent | null = null;
  for (const component of components) {
    if (component.name !== "signature-agent") continue;
    if (covered !== null) return "agent_not_covered";
    covered = component;
  }
  if (covered === null || header === null) return "agent_not_covered";
  const key = covered.params.get("key");
  if (header.form === "string")
    return key === undefined ? { url: header.url, type: null } : "malformed_header";
  let member: Item | InnerList | undefined;
  if (typeof key === "string") member = header.members.get(key);
  else if (key === undefined && header.members.size === 1)
    member = header.members.values().next().value;
  if (member === undefined) return "agent_not_covered";
  if (isInnerList(member) || typeof member[0] !== "string") return "bad_agent";
  const [url, params] = member;
  const type = params.get("type");
  return {
    url: url as string,
    type: type instanceof Token ? type.toString() : typeof type === "string" ? type : null,
  };
}
