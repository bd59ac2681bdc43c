import type { ComponentChildren } from "preact";
import { useEnv } from "../context.js";

/** A link to a route path: a real `href` (shareable, opens in a new tab), in-app navigation on click. */
export function Link(props: {
  to: string;
  children: ComponentChildren;
  current?: boolean;
  class?: string;
}) {
  const { locator } = useEnv();
  return (
    <a
      href={locator.href(props.to)}
      class={props.class}
      aria-current={props.current ? "page" : undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        locator.go(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
