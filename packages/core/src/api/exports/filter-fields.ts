import { z } from "zod";
import { AGGREGATE_TIERS, type AggregateTier } from "../../types.js";

export const isTier = (value: string): value is AggregateTier =>
  (AGGREGATE_TIERS as readonly string[]).includes(value);

export interface ListFieldRules<T extends string> {
  /** The message for anything but a string or a non-empty array of strings (of at most `max`). */
  shape: string;
  max?: number;
  /** The list handed on: distinct values sorted, or distinct values in the order sent. */
  order: "sorted" | "sent";
  /** The message refusing a list (in that order), `null` when every value is allowed. */
  refuse(values: readonly string[]): string | null;
  /** The values allowed, when they are a fixed set (exported as an enum; `refuse` enforces it). */
  values?: readonly T[];
}

/**
 * A filter sent as one string or a non-empty array of strings, read as a list of distinct
 * values; absent or `null` is no filter (`null`).
 */
export function listField<T extends string = string>(rules: ListFieldRules<T>) {
  const item = rules.values ? z.string().meta({ enum: [...rules.values] }) : z.string();
  const some = z.array(item).min(1, { error: rules.shape });
  const array = rules.max === undefined ? some : some.max(rules.max, { error: rules.shape });
  return z
    .union([item, array], { error: rules.shape })
    .nullable()
    .optional()
    .transform((value) =>
      value === undefined || value === null ? null : (distinct(value, rules.order) as T[]),
    )
    .superRefine((list, ctx) => {
      const message = list && rules.refuse(list);
      if (message) ctx.addIssue({ code: "custom", message, input: list });
    });
}

function distinct(value: string | string[], order: "sorted" | "sent"): string[] {
  const list = [...new Set(typeof value === "string" ? [value] : value)];
  return order === "sorted" ? list.sort() : list;
}
