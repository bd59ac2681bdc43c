import type { ComponentChildren } from "preact";
import type { ApiError } from "../data-source.js";
import { errorText } from "../messages.js";

/** An API error, announced to screen readers. */
export function ErrorNote({ error }: { error: ApiError }) {
  return (
    <p class="error" role="alert">
      {errorText(error)}
    </p>
  );
}

/** Loading / error / content of one request. */
export function Loaded<T>(props: {
  state: { data: T | null; error: ApiError | null; loading: boolean };
  children: (data: T) => ComponentChildren;
}) {
  if (props.state.error) return <ErrorNote error={props.state.error} />;
  if (props.state.loading || props.state.data === null)
    return (
      <p class="muted" aria-live="polite">
        Loading…
      </p>
    );
  return <>{props.children(props.state.data)}</>;
}
