import { useEnv, useRoute } from "../context.js";
import { routePath } from "../routes.js";

/** A select whose value is a URL query parameter (`?intent=training`); the empty value removes it. */
export function FilterSelect(props: {
  label: string;
  param: string;
  options: readonly { value: string; label: string }[];
  /** The label of the empty value (no parameter); default "All". */
  allLabel?: string;
  /**
   * Whether a value can be shown (a report holds only some): the others are left out, and with
   * nothing left to choose, so is the select. Default: every value.
   */
  can?: (value: string) => boolean;
}) {
  const { locator } = useEnv();
  const route = useRoute();
  const value = route.query.get(props.param) ?? "";
  const can = props.can ?? (() => true);
  const options = props.options.filter((o) => o.value === value || can(o.value));
  if (options.length === 0 && (value === "" || !can(""))) return null;
  return (
    <label class="picker">
      {props.label}{" "}
      <select
        value={value}
        onChange={(event) => {
          const query = Object.fromEntries(route.query);
          delete query.cursor;
          query[props.param] = (event.target as HTMLSelectElement).value;
          locator.go(routePath(route.view, route.domainId, query));
        }}
      >
        <option value="">{props.allLabel ?? "All"}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
