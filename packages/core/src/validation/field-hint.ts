import type { z } from "zod";

/**
 * What a misnamed body field was probably meant to be, for `unknown field: x (did you mean y?)`.
 * Reads the body's own schema (the form it was parsed by): no list of names to keep in step.
 */

/** The parts of a zod v4 definition the walk reads. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose inner schema reads the same value. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch"]);

/** The schemas that read a value: through wrappers and pipes, every option of a union. */
function concrete(schema: z.ZodType, depth = 0): z.ZodType[] {
  const def = defOf(schema);
  if (depth > 16) return [];
  if (WRAPPERS.has(def.type) && def.innerType) return concrete(def.innerType, depth + 1);
  if (def.type === "pipe" && def.in) return concrete(def.in, depth + 1);
  if (def.type === "union" && def.options)
    return def.options.flatMap((option) => concrete(option, depth + 1));
  return [schema];
}

/** The object shapes that may read the value at `path` of a body parsed by `form`. */
function shapesAt(form: z.ZodType, path: readonly PropertyKey[]): Record<string, z.ZodType>[] {
  let schemas = concrete(form);
  for (const key of path) {
    schemas = schemas.flatMap((schema) => {
      const def = defOf(schema);
      const next =
        def.type === "object"
          ? def.shape?.[String(key)]
          : def.type === "array" && typeof key === "number"
            ? def.element
            : undefined;
      return next ? concrete(next) : [];
    });
  }
  return schemas.flatMap((schema) => {
    const { type, shape } = defOf(schema);
    return type === "object" && shape ? [shape] : [];
  });
}

/** The value at `path` of a body (undefined when it is not there). */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A name as compared: letter case, `_` and `-` ignored (`domain_id` is `domainId`). */
const folded = (name: string) => name.toLowerCase().replace(/[_-]/g, "");

/** Optimal-string-alignment distance (insertions, deletions, substitutions, transpositions). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The closest name within a typo's reach (1 edit up to 4 letters, else 2), first on a tie. */
function closest(name: string, candidates: readonly string[]): string | null {
  const target = folded(name);
  const reach = target.length <= 4 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = reach + 1;
  for (const candidate of candidates) {
    const distance = editDistance(target, folded(candidate));
    if (distance < bestDistance && distance < Math.min(target.length, candidate.length)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The field each unknown name of the object at `path` was probably meant as (absent: no
 * guess). A known field that is not sent is a guess when its name is a typo away (case, `_` and
 * `-` ignored); failing that, a lone unknown field is taken for the one required field the body
 * lacks when that field would accept its value (`path` sent where `url` is required).
 */
export function fieldHints(
  form: z.ZodType,
  body: unknown,
  path: readonly PropertyKey[],
  unknown: readonly string[],
): Map<string, string> {
  const shapes = shapesAt(form, path);
  const at = valueAt(body, path);
  const value = (typeof at === "object" && at !== null ? at : {}) as Record<string, unknown>;
  const sent = new Set(Object.keys(value));
  const known = [...new Set(shapes.flatMap((shape) => Object.keys(shape)))].filter(
    (name) => !sent.has(name),
  );
  const hints = new Map<string, string>();
  for (const name of unknown) {
    const guess = closest(name, known);
    if (guess !== null) hints.set(name, guess);
  }
  const [shape, ...others] = shapes;
  const [lone] = unknown;
  if (hints.size > 0 || unknown.length !== 1 || lone === undefined || !shape || others.length > 0)
    return hints;
  const missing = known.filter((name) => shape[name]?._zod.optin === undefined);
  const field = missing.length === 1 ? (missing[0] as string) : null;
  if (field !== null && shape[field]?.safeParse(value[lone]).success) hints.set(lone, field);
  return hints;
}
