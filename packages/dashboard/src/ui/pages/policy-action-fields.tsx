import { ACTION_TYPES, type ActionState, type ActionType } from "../../shared/policy-form.js";

const ACTION_LABEL: Record<ActionType, string> = {
  allow: "Allow",
  block: "Block",
  charge: "Charge (402 with a price)",
};

/** The fields of one action (allow, block with status and message, charge with a price). */
export function ActionFields(props: {
  /** Prefix of the inputs' `name`s: `rules.0.action`, `defaultAction`. */
  name: string;
  value: ActionState;
  onChange(next: ActionState): void;
}) {
  const { name, value } = props;
  const set = (change: Partial<ActionState>) => props.onChange({ ...value, ...change });
  const text = (event: Event) => (event.currentTarget as HTMLInputElement).value;
  return (
    <>
      <label>
        Action{" "}
        <select
          name={`${name}.type`}
          value={value.type}
          onChange={(e) => set({ type: text(e) as ActionType })}
        >
          {ACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACTION_LABEL[type]}
            </option>
          ))}
        </select>
      </label>
      {value.type === "block" ? (
        <label>
          Status{" "}
          <select
            name={`${name}.status`}
            value={String(value.status)}
            onChange={(e) => set({ status: text(e) === "402" ? 402 : 403 })}
          >
            <option value="403">403 Forbidden</option>
            <option value="402">402 Payment Required</option>
          </select>
        </label>
      ) : null}
      {value.type === "charge" ? (
        <>
          <label>
            Price{" "}
            <input
              name={`${name}.amount`}
              inputMode="decimal"
              value={value.amount}
              onInput={(e) => set({ amount: text(e) })}
            />
          </label>
          <label>
            Currency{" "}
            <input
              name={`${name}.currency`}
              maxLength={3}
              value={value.currency}
              onInput={(e) => set({ currency: text(e) })}
            />
          </label>
        </>
      ) : null}
      {value.type === "allow" ? null : (
        <>
          <label class="check">
            <input
              type="checkbox"
              name={`${name}.customMessage`}
              checked={value.message !== null}
              onChange={(e) =>
                set({ message: (e.currentTarget as HTMLInputElement).checked ? "" : null })
              }
            />{" "}
            Own message to the crawler
          </label>
          {value.message === null ? null : (
            <label class="full">
              Message{" "}
              <textarea
                name={`${name}.message`}
                rows={2}
                value={value.message}
                onInput={(e) => set({ message: text(e) })}
              />
            </label>
          )}
        </>
      )}
    </>
  );
}
