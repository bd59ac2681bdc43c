import { z } from "zod";
import { bodyForms, sends } from "../../validation/body-forms.js";
import { isValidDate } from "../../window/dates.js";
import type { WindowRules } from "../../window/window.js";

/** The window fields of an export body as parsed (`null` counts as not sent). */
export interface WindowInput {
  period?: string | null | undefined;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}

const FORMAT = (name: string) => `${name} must be a real date in YYYY-MM-DD form`;

/** `YYYY-MM-DD`, a real calendar date. */
const dateField = (name: string, error: z.core.$ZodErrorMap | string = FORMAT(name)) =>
  z
    .string({ error })
    .refine(isValidDate, { error: FORMAT(name) })
    .meta({ format: "date" });

const notSent = z.null().optional();

/**
 * The two forms of a window: a `period` (or nothing: the default period), or a `startDate` with
 * an optional `endDate` (or none: up to today), never both. Written as two forms, the shared
 * rules' checks come in their order: period with dates, `endDate` without `startDate`, the
 * period's value, each date's form; the rules that need today's date (future dates, span,
 * order) are `requestWindow`'s.
 */
export function windowShapes(rules: WindowRules) {
  const periods = rules.periods as [string, ...string[]];
  const period = z.enum(periods, { error: `period must be one of ${periods.join(", ")}` });
  return {
    byPeriod: {
      period: period
        .nullable()
        .optional()
        .describe(
          `The N days ending today (UTC), inclusive; default ${rules.defaultPeriod}. Not with startDate/endDate`,
        ),
      startDate: notSent,
      endDate: notSent,
    },
    byDates: {
      period: z.null({ error: "period cannot be combined with startDate or endDate" }).optional(),
      startDate: dateField("startDate", (issue) =>
        issue.input === undefined || issue.input === null
          ? "endDate requires startDate"
          : FORMAT("startDate"),
      ).describe(`First day (UTC); the window spans at most ${rules.maxSpanDays} days`),
      endDate: dateField("endDate")
        .nullable()
        .optional()
        .describe("Last day (UTC), default today; not in the future, not before startDate"),
    },
  };
}

/** Whether a body is meant as the dates form of its window. */
export const sendsDates = (body: Record<string, unknown>): boolean =>
  sends(body, "startDate") || sends(body, "endDate");

/** A body with a window between the fields `before` and `after`, in the two window forms. */
export function windowedBody<B extends z.ZodRawShape, A extends z.ZodRawShape>(
  rules: WindowRules,
  before: B,
  after: A,
) {
  const { byPeriod, byDates } = windowShapes(rules);
  return bodyForms(
    [
      z.strictObject({ ...before, ...byPeriod, ...after }),
      z.strictObject({ ...before, ...byDates, ...after }),
    ],
    (body) => (sendsDates(body) ? 1 : 0),
  );
}
