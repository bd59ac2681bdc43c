import fc from "fast-check";
import type { RobotsAgent } from "../robots/match.js";
import type { RobotsFile } from "../robots/parse.js";

/** A few tokens in mixed case so that case-insensitive matching is exercised. */
export const TOKENS = ["GPTBot", "gptbot", "ClaudeBot", "Googlebot", "Googlebot-Image", "CCBot"];

const pathChar = fc.constantFrom(
  "/",
  "a",
  "b",
  "A",
  "%7e",
  "~",
  "%2F",
  "%2f",
  "*",
  "$",
  "é",
  "?",
  "=",
  ".",
  ":",
  "%",
);

/** Rule patterns and request paths over one small alphabet, so that they often meet. */
export const pattern = fc.array(pathChar, { minLength: 1, maxLength: 6 }).map((c) => c.join(""));
export const requestPath = fc
  .array(fc.constantFrom("/", "a", "b", "A", "~", "%7E", "%2F", "é", "?", "=", ".", "*", "$"), {
    maxLength: 8,
  })
  .map((c) => `/${c.join("")}`);

export const robotsFile: fc.Arbitrary<RobotsFile> = fc.record({
  groups: fc.array(
    fc.record({
      userAgents: fc.array(fc.constantFrom(...TOKENS, "*"), { minLength: 1, maxLength: 3 }),
      rules: fc.array(fc.record({ allow: fc.boolean(), path: pattern }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
    { maxLength: 5 },
  ),
});

export const agent: fc.Arbitrary<RobotsAgent> = fc.record({
  tokens: fc.array(fc.constantFrom(...TOKENS, "Other"), { maxLength: 2 }),
  ignoresWildcardGroup: fc.boolean(),
});
