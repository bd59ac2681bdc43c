import type { RoutingRule } from "@crawlgate/client";
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../data-source.js";
import { errorText } from "../messages.js";

/** What the form sends: create sends every field, edit only the ones that changed. */
export type RuleFields = Record<string, string | number | boolean | null>;

/** The fields of the form as the API takes them (no client-side rules: the API's validation speaks). */
function readForm(form: HTMLFormElement): RuleFields {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  const ruleType = text("ruleType");
  const priority = text("priority").trim();
  return {
    sourcePath: text("sourcePath"),
    targetUrl: text("targetUrl"),
    ruleType,
    ...(ruleType === "redirect" ? { redirectCode: Number(text("redirectCode")) } : {}),
    // A number when it reads as one; otherwise sent as typed so that the API names the problem.
    priority: priority === "" ? 0 : Number.isFinite(Number(priority)) ? Number(priority) : priority,
    isActive: data.get("isActive") === "on",
    notes: text("notes"),
  };
}

/** Only the fields that differ from `rule` (an edit sends no more than it changes). */
function changedFields(fields: RuleFields, rule: RoutingRule): RuleFields {
  const out: RuleFields = {};
  for (const [key, value] of Object.entries(fields)) {
    const before = (rule as unknown as Record<string, unknown>)[key];
    if (key === "notes" ? (before ?? "") !== value : before !== value) out[key] = value;
  }
  return out;
}

/** Create or edit a rule; the API's validation message is shown inline on failure. */
export function RuleForm(props: {
  rule: RoutingRule | null;
  submit(fields: RuleFields): Promise<ApiError | null>;
  cancel?(): void;
}) {
  const { rule } = props;
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [type, setType] = useState(rule?.ruleType ?? "redirect");
  const id = rule ? `edit-${rule.ruleId}` : "new-rule";
  const first = useRef<HTMLInputElement>(null);
  // An edit form opens below the list: take the keyboard there, once per rule opened (not again
  // when the list reloads and hands over a new object of the same rule).
  const editing = rule?.ruleId;
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  return (
    <form
      class="rule-form"
      aria-labelledby={`${id}-title`}
      aria-describedby={error ? `${id}-error` : undefined}
      onSubmit={async (event) => {
        event.preventDefault();
        const fields = readForm(event.currentTarget);
        setBusy(true);
        setError(await props.submit(rule ? changedFields(fields, rule) : fields));
        setBusy(false);
      }}
    >
      <h2 id={`${id}-title`}>{rule ? `Edit rule ${rule.sourcePath}` : "Add a rule"}</h2>
      <label>
        Source path{" "}
        <input
          ref={first}
          name="sourcePath"
          required
          defaultValue={rule?.sourcePath ?? ""}
          placeholder="/old/*"
        />
      </label>
      <label>
        Target{" "}
        <input
          name="targetUrl"
          required
          defaultValue={rule?.targetUrl ?? ""}
          placeholder="/new/*"
          aria-describedby={`${id}-target-help`}
        />
      </label>
      <p class="muted full" id={`${id}-target-help`}>
        In the target, <code>*</code> is what the source's <code>*</code> matched and{" "}
        <code>:name</code> what its <code>:name</code> matched (<code>/blog/:slug</code> →{" "}
        <code>/posts/:slug</code>); a source ending in <code>/*</code> with no <code>*</code> in the
        target appends the rest of the path.
      </p>
      <label>
        Type{" "}
        <select
          name="ruleType"
          value={type}
          onChange={(e) => setType((e.target as HTMLSelectElement).value as "redirect")}
        >
          <option value="redirect">Redirect</option>
          <option value="proxy">Proxy</option>
        </select>
      </label>
      {type === "redirect" ? (
        <label>
          Status{" "}
          <select name="redirectCode" defaultValue={String(rule?.redirectCode ?? 301)}>
            <option value="301">301 (permanent)</option>
            <option value="302">302 (temporary)</option>
          </select>
        </label>
      ) : null}
      <label>
        Priority{" "}
        <input name="priority" inputMode="numeric" defaultValue={String(rule?.priority ?? 0)} />
      </label>
      <label class="check">
        <input type="checkbox" name="isActive" defaultChecked={rule?.isActive ?? true} /> Active
      </label>
      <label class="full">
        Notes <textarea name="notes" rows={2} defaultValue={rule?.notes ?? ""} />
      </label>
      {error ? (
        <p id={`${id}-error`} class="error full" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      <div class="full actions">
        <button type="submit" disabled={busy}>
          {rule ? "Save rule" : "Add rule"}
        </button>
        {props.cancel ? (
          <button type="button" class="secondary" onClick={props.cancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
