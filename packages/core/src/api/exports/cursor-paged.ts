import { z } from "zod";
import { bodyForms, sends } from "../../validation/body-forms.js";
import type { WindowRules } from "../../window/window.js";
import { sendsDates, windowShapes } from "./window-fields.js";

const CURSOR = "cursor must be a non-empty string";

/** A cursor as sent: a non-empty string (anything else is `400 invalid_cursor`). */
const cursorToken = z
  .string({ error: CURSOR })
  .min(1, { error: CURSOR })
  .describe("nextCursor of the previous page; it pins the query");

const ignoredWithCursor = z.unknown().optional().describe("ignored with a cursor");

type Ignored<K extends PropertyKey> = { [P in K]: typeof ignoredWithCursor };
type WindowKey = "period" | "startDate" | "endDate";

/**
 * The body of a cursor-paged, windowed export, in three forms. With a `cursor` (anything but
 * absent or `null`) the cursor pins the query: the fields of `cursorShape` are read, every other
 * known field is ignored whatever its value, unknown names are still refused. Without one, the
 * query: `before`, the window (either form), `after`.
 */
export function cursorPagedBody<
  C extends z.ZodRawShape,
  B extends z.ZodRawShape,
  A extends z.ZodRawShape,
>(cursorShape: C, rules: WindowRules, before: B, after: A) {
  const { byPeriod, byDates } = windowShapes(rules);
  const queryKeys = [...Object.keys(before), ...Object.keys(byPeriod), ...Object.keys(after)];
  const ignored = Object.fromEntries(
    queryKeys.filter((key) => !(key in cursorShape)).map((key) => [key, ignoredWithCursor]),
  ) as Ignored<Exclude<keyof B | keyof A | WindowKey, keyof C>>;
  const cursor = z.null().optional();
  return bodyForms(
    [
      z.strictObject({ ...cursorShape, cursor: cursorToken, ...ignored }),
      z.strictObject({ ...before, cursor, ...byPeriod, ...after }),
      z.strictObject({ ...before, cursor, ...byDates, ...after }),
    ],
    (body) => (sends(body, "cursor") ? 0 : sendsDates(body) ? 2 : 1),
  );
}
