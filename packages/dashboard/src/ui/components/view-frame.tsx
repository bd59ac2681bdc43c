import type { ComponentChildren } from "preact";
import type { Period } from "../../shared/period.js";
import { PeriodPicker } from "./period-picker.js";

/** A view: its heading (the page's one `h1`), the period picker when it has one, its content. */
export function ViewFrame(props: {
  title: ComponentChildren;
  period?: Period;
  children: ComponentChildren;
}) {
  return (
    <section aria-labelledby="title">
      <div class="view-head">
        <h1 id="title">{props.title}</h1>
        {props.period ? <PeriodPicker period={props.period} /> : null}
      </div>
      {props.children}
    </section>
  );
}
