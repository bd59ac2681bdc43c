import type { ComponentChildren } from "preact";

/**
 * A box that scrolls sideways on narrow screens (tables keep a readable width on a phone). It
 * takes keyboard focus, so that it can be scrolled without a pointer (WCAG 2.1.1).
 */
export function ScrollBox(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes keyboard focus so that keys scroll it
    <section class="table-scroll" tabIndex={0} aria-label={props.label}>
      {props.children}
    </section>
  );
}
