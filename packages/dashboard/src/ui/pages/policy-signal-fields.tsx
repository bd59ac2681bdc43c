import type { CrawlerPolicy } from "@crawlgate/client";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import {
  addSignalPath,
  type ContentSignalsState,
  choiceOf,
  choiceValue,
  describeSignals,
  moveSignalPath,
  removeSignalPath,
  SIGNAL_KEYS,
  SIGNAL_LABEL,
  type SignalChoice,
  type SignalKey,
  type SignalPathState,
  type SignalsFormState,
  updateSignalPath,
} from "../../shared/signals-form.js";
import { ListItemActions } from "./list-item-actions.js";

/**
 * The policy editor's content signals: the site's three tri-state signals, the ordered per-path
 * overrides (add, remove, move) and the licence URL. Focus goes to a new override's path, and to
 * "Add a path override" after a removal.
 */
export function SignalFields(props: {
  value: SignalsFormState;
  onChange(update: (state: SignalsFormState) => SignalsFormState): void;
}) {
  const { value, onChange } = props;
  const [focus, setFocus] = useState<string | null>(null);
  const ref = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    if (focus === null) return;
    ref.current?.querySelector<HTMLElement>(`[name="${focus}"]`)?.focus();
    setFocus(null);
  }, [focus]);
  const count = value.paths.length;
  return (
    <fieldset class="rule-form" ref={ref} aria-describedby="policy-signals-help">
      <legend>Content signals and licence</legend>
      <p class="muted full" id="policy-signals-help">
        What crawlers may do with the content: published in robots.txt (Content-Signal,
        Content-Usage) and on every page as the Content-Usage header. Not set says nothing either
        way. AI answers has no Content-Usage key, so it shows in robots.txt only.
      </p>
      <SignalSelects
        name="contentSignals"
        value={value.contentSignals}
        onChange={(change) =>
          onChange((s) => ({ ...s, contentSignals: { ...s.contentSignals, ...change } }))
        }
      />
      <div class="full">
        {count === 0 ? (
          <p class="muted">No path overrides: every path has the site's signals.</p>
        ) : null}
        <ol class="policy-rules">
          {value.paths.map((entry, index) => (
            <li key={entry.key}>
              <PathOverride
                entry={entry}
                index={index}
                count={count}
                onChange={(change) => onChange((s) => updateSignalPath(s, index, change))}
                onMove={(delta) => onChange((s) => moveSignalPath(s, index, delta))}
                onRemove={() => {
                  onChange((s) => removeSignalPath(s, index));
                  setFocus("addSignalPath");
                }}
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          name="addSignalPath"
          class="secondary"
          onClick={() => {
            onChange(addSignalPath);
            setFocus(`contentSignalPaths.${count}.path`);
          }}
        >
          Add a path override
        </button>
      </div>
      <label class="full">
        Licence URL (RSL){" "}
        <input
          name="licenseUrl"
          inputMode="url"
          value={value.licenseUrl}
          placeholder="none (https://example.com/license.xml)"
          autoComplete="off"
          onInput={(e) => {
            const licenseUrl = (e.currentTarget as HTMLInputElement).value;
            onChange((s) => ({ ...s, licenseUrl }));
          }}
        />
      </label>
    </fieldset>
  );
}

/** The three tri-state selects of one set of signals (`name`: prefix of the inputs' names). */
function SignalSelects(props: {
  name: string;
  value: ContentSignalsState;
  onChange(change: Partial<Record<SignalKey, SignalChoice>>): void;
}) {
  return (
    <>
      {SIGNAL_KEYS.map((key) => (
        <label key={key}>
          {SIGNAL_LABEL[key]}{" "}
          <select
            name={`${props.name}.${key}`}
            value={choiceValue(props.value[key])}
            onChange={(e) =>
              props.onChange({ [key]: choiceOf((e.currentTarget as HTMLSelectElement).value) })
            }
          >
            <option value="">Not set</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </label>
      ))}
    </>
  );
}

/** One override: its path, its signals and its move / remove buttons (named with its number). */
function PathOverride(props: {
  entry: SignalPathState;
  index: number;
  count: number;
  onChange(change: Partial<Omit<SignalPathState, "key">>): void;
  onMove(delta: number): void;
  onRemove(): void;
}) {
  const { entry, index } = props;
  const name = `contentSignalPaths.${index}`;
  return (
    <fieldset class="rule-form">
      <legend>Path override {index + 1}</legend>
      <label>
        Path{" "}
        <input
          name={`${name}.path`}
          value={entry.path}
          placeholder="/blog/*"
          autoComplete="off"
          onInput={(e) => props.onChange({ path: (e.currentTarget as HTMLInputElement).value })}
        />
      </label>
      <SignalSelects name={name} value={entry} onChange={props.onChange} />
      <ListItemActions
        index={index}
        count={props.count}
        label={`path override ${index + 1}`}
        onMove={props.onMove}
        onRemove={props.onRemove}
      />
    </fieldset>
  );
}

/** The saved preferences as the policy's facts list reads them (any role). */
export function SignalFacts({ policy }: { policy: CrawlerPolicy }) {
  return (
    <>
      <dt>Content signals</dt>
      <dd data-testid="policy-signals">{describeSignals(policy.contentSignals)}</dd>
      <dt>Path overrides</dt>
      <dd>
        {policy.contentSignalPaths.length === 0
          ? "none"
          : policy.contentSignalPaths.map((o) => `${o.path}: ${describeSignals(o)}`).join("; ")}
      </dd>
      <dt>Licence</dt>
      <dd>{policy.licenseUrl ?? "none"}</dd>
    </>
  );
}
