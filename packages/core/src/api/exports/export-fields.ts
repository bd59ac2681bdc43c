import { z } from "zod";
import { isUuid } from "../params.js";

const UUID = "domainId must be a UUID";

/** A domain ID: a UUID in either letter case, read lowercase. */
const uuid = (error: z.core.$ZodErrorMap | string) =>
  z
    .string({ error })
    .refine(isUuid, { error: UUID })
    .meta({ format: "uuid" })
    .transform((id) => id.toLowerCase());

/** `domainId` of an export that covers every accessible domain without it. */
export const optionalDomainId = uuid(UUID)
  .nullable()
  .optional()
  .describe("One domain; omit for every accessible domain");

/** `domainId` of an export of one domain: absent or `null` is `domainId is required`. */
export const requiredDomainId = uuid((issue) =>
  issue.input === undefined || issue.input === null ? "domainId is required" : UUID,
).describe("The domain (any role)");

/** An integer field within `min..max` (`null` counts as not sent). */
export function intField(name: string, min: number, max: number) {
  const error = `${name} must be an integer from ${min} to ${max}`;
  return z
    .number({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error })
    .nullable()
    .optional();
}

/** A yes/no field (`null` counts as not sent). */
export const booleanField = (name: string) =>
  z
    .boolean({ error: `${name} must be true or false` })
    .nullable()
    .optional();
