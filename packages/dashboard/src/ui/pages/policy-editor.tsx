import {
  AGGREGATE_TIERS,
  type CrawlerPolicy,
  type GetBotDefinitionsResponse,
} from "@crawlgate/client";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import {
  addRule,
  changeMatchType,
  fromPolicy,
  MATCH_TYPES,
  type MatchType,
  moveRule,
  POLICY_INTENTS,
  type PolicyFormState,
  type RuleState,
  removeRule,
  toPolicy,
  updateRule,
  type X402State,
} from "../../shared/policy-form.js";
import type { ApiError } from "../data-source.js";
import { errorText } from "../messages.js";
import { ListItemActions } from "./list-item-actions.js";
import { ActionFields } from "./policy-action-fields.js";
import { SignalFields } from "./policy-signal-fields.js";

const MATCH_LABEL: Record<MatchType, string> = {
  botId: "Bot",
  operator: "Operator",
  intent: "Intent",
  tier: "Verification tier",
  signatureAgent: "Signed agent (verified origin)",
};

/**
 * Edits a whole policy (rules in order, default action, impostor protection, in-band pricing, the
 * x402 receiver, content signals and licence) and saves it with one `PUT`; the API's validation
 * message is shown inline.
 */
export function PolicyEditor(props: {
  initial: CrawlerPolicy;
  definitions: GetBotDefinitionsResponse | null;
  save(policy: CrawlerPolicy): Promise<ApiError | null>;
}) {
  const [state, setState] = useState<PolicyFormState>(() => fromPolicy(props.initial));
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // Keyboard focus after a rule is added (its first field) or removed (the "Add a rule" button).
  const [focus, setFocus] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (focus === null) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focus}"]`)?.focus();
    setFocus(null);
  }, [focus]);
  const count = state.rules.length;
  return (
    <form
      ref={formRef}
      class="policy-form"
      aria-labelledby="policy-edit-title"
      aria-describedby={error ? "policy-error" : undefined}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(await props.save(toPolicy(state)));
        setBusy(false);
      }}
    >
      <h2 id="policy-edit-title">Edit the policy</h2>
      <Suggestions definitions={props.definitions} />
      {count === 0 ? <p class="muted">No rules: every crawler meets the default action.</p> : null}
      <ol class="policy-rules">
        {state.rules.map((rule, index) => (
          <li key={rule.key}>
            <RuleFields
              rule={rule}
              index={index}
              count={count}
              onChange={(change) => setState((s) => updateRule(s, index, change))}
              onMove={(delta) => setState((s) => moveRule(s, index, delta))}
              onRemove={() => {
                setState((s) => removeRule(s, index));
                setFocus("addRule");
              }}
            />
          </li>
        ))}
      </ol>
      <p>
        <button
          type="button"
          name="addRule"
          class="secondary"
          onClick={() => {
            setState(addRule);
            setFocus(`rules.${count}.matchType`);
          }}
        >
          Add a rule
        </button>
      </p>
      <fieldset class="rule-form">
        <legend>Default action (when no rule matches)</legend>
        <ActionFields
          name="defaultAction"
          value={state.defaultAction}
          onChange={(defaultAction) => setState((s) => ({ ...s, defaultAction }))}
        />
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          name="impostorProtection"
          aria-describedby="policy-impostor-help"
          checked={state.impostorProtection}
          onChange={(e) => {
            const on = (e.currentTarget as HTMLInputElement).checked;
            setState((s) => ({ ...s, impostorProtection: on }));
          }}
        />{" "}
        Impostor protection: a crawler claiming a verifiable bot from an address that fails
        verification is treated as the unknown bot
      </label>
      <p class="muted" id="policy-impostor-help">
        Blocks and charges of a bot, operator or intent apply to every request claiming it, verified
        or not; impostor protection keeps an unverified claim from allow rules and verified-tier
        rules.
      </p>
      <PaymentFields
        inBandPricing={state.inBandPricing}
        x402={state.x402}
        onInBand={(inBandPricing) => setState((s) => ({ ...s, inBandPricing }))}
        onX402={(change) => setState((s) => ({ ...s, x402: { ...s.x402, ...change } }))}
      />
      <SignalFields
        value={state.signals}
        onChange={(update) => setState((s) => ({ ...s, signals: update(s.signals) }))}
      />
      {error ? (
        <p id="policy-error" class="error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      <p class="actions">
        <button type="submit" disabled={busy}>
          Save policy
        </button>
      </p>
    </form>
  );
}

/** The receiver's text fields: name, label, placeholder. */
const X402_FIELDS = [
  ["network", "Network (CAIP-2)", "eip155:84532"],
  ["asset", "Asset (a USD token)", "0x036CbD53842c5426634e7929541eC2318f3dCF7e"],
  ["payTo", "Pay to", "the address paid"],
  ["decimals", "Decimals of the asset", "6"],
] as const;

/**
 * How charges are priced and paid: in-band pricing (the origin's `crawler-price` header) and the
 * x402 receiver (its fields shown while ticked; unticked sends `x402: null`).
 */
function PaymentFields(props: {
  inBandPricing: boolean;
  x402: X402State;
  onInBand(on: boolean): void;
  onX402(change: Partial<X402State>): void;
}) {
  const { x402 } = props;
  return (
    <fieldset class="rule-form">
      <legend>Payments</legend>
      <label class="check full">
        <input
          type="checkbox"
          name="inBandPricing"
          checked={props.inBandPricing}
          onChange={(e) => props.onInBand((e.currentTarget as HTMLInputElement).checked)}
        />{" "}
        <span>
          In-band pricing: the origin may price a page with its own <code>crawler-price</code>{" "}
          response header (paid requests then go to the origin, not the page cache)
        </span>
      </label>
      <label class="check full">
        <input
          type="checkbox"
          name="x402.enabled"
          checked={x402.enabled}
          onChange={(e) => props.onX402({ enabled: (e.currentTarget as HTMLInputElement).checked })}
        />{" "}
        <span>
          Offer x402 payments: USD-priced charges are also payable with a{" "}
          <code>PAYMENT-SIGNATURE</code> to this receiver
        </span>
      </label>
      {x402.enabled
        ? X402_FIELDS.map(([field, label, placeholder]) => (
            <label key={field}>
              {label}{" "}
              <input
                name={`x402.${field}`}
                value={x402[field]}
                placeholder={placeholder}
                inputMode={field === "decimals" ? "numeric" : undefined}
                autoComplete="off"
                onInput={(e) =>
                  props.onX402({ [field]: (e.currentTarget as HTMLInputElement).value })
                }
              />
            </label>
          ))
        : null}
    </fieldset>
  );
}

/** One rule's fields and its move / remove buttons (named with the rule's number). */
function RuleFields(props: {
  rule: RuleState;
  index: number;
  count: number;
  onChange(change: Partial<RuleState>): void;
  onMove(delta: number): void;
  onRemove(): void;
}) {
  const { rule, index } = props;
  const name = `rules.${index}`;
  return (
    <fieldset class="rule-form">
      <legend>Rule {index + 1}</legend>
      <label>
        Match{" "}
        <select
          name={`${name}.matchType`}
          value={rule.matchType}
          onChange={(e) =>
            props.onChange(
              changeMatchType(rule, (e.currentTarget as HTMLSelectElement).value as MatchType),
            )
          }
        >
          {MATCH_TYPES.map((type) => (
            <option key={type} value={type}>
              {MATCH_LABEL[type]}
            </option>
          ))}
        </select>
      </label>
      <MatchValue rule={rule} name={name} onChange={props.onChange} />
      <label>
        Path{" "}
        <input
          name={`${name}.path`}
          value={rule.path}
          placeholder="every path"
          onInput={(e) => props.onChange({ path: (e.currentTarget as HTMLInputElement).value })}
        />
      </label>
      <ActionFields
        name={`${name}.action`}
        value={rule.action}
        onChange={(action) => props.onChange({ action })}
      />
      <ListItemActions
        index={index}
        count={props.count}
        label={`rule ${index + 1}`}
        onMove={props.onMove}
        onRemove={props.onRemove}
      />
    </fieldset>
  );
}

/**
 * A select of the fixed values (intents, tiers); a text field with suggestions for names; a text
 * field for a signed agent's origin (matched only when its signature verified).
 */
function MatchValue(props: {
  rule: RuleState;
  name: string;
  onChange(change: Partial<RuleState>): void;
}) {
  const { rule } = props;
  const value = (e: Event) => ({ matchValue: (e.currentTarget as HTMLInputElement).value });
  const fixed =
    rule.matchType === "intent"
      ? POLICY_INTENTS
      : rule.matchType === "tier"
        ? AGGREGATE_TIERS
        : null;
  if (fixed)
    return (
      <label>
        Value{" "}
        <select
          name={`${props.name}.matchValue`}
          value={rule.matchValue}
          onChange={(e) => props.onChange(value(e))}
        >
          {fixed.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
    );
  if (rule.matchType === "signatureAgent")
    return (
      <label>
        Agent origin{" "}
        <input
          name={`${props.name}.matchValue`}
          value={rule.matchValue}
          placeholder="https://chatgpt.com"
          autoComplete="off"
          onInput={(e) => props.onChange(value(e))}
        />
      </label>
    );
  return (
    <label>
      {rule.matchType === "botId" ? "Bot ID" : "Operator"}{" "}
      <input
        name={`${props.name}.matchValue`}
        value={rule.matchValue}
        list={rule.matchType === "botId" ? "policy-bots" : "policy-operators"}
        autoComplete="off"
        onInput={(e) => props.onChange(value(e))}
      />
    </label>
  );
}

/** Bot IDs and operators as get-bot-definitions spells them, offered while typing. */
function Suggestions({ definitions }: { definitions: GetBotDefinitionsResponse | null }) {
  const bots = definitions?.bots ?? [];
  const operators = [...new Set(bots.map((b) => b.operator))].sort();
  return (
    <>
      <datalist id="policy-bots">
        {bots.map((b) => (
          <option key={b.botId} value={b.botId}>
            {b.displayName}
          </option>
        ))}
      </datalist>
      <datalist id="policy-operators">
        {operators.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </>
  );
}
