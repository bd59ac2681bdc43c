import type { RobotsFile } from "./parse.js";

/** robots.txt text of a parsed file: each group's `User-agent` lines then its rules, a blank line between groups. */
export function serializeRobots(file: RobotsFile): string {
  return file.groups
    .map((group) =>
      [
        ...group.userAgents.map((ua) => `User-agent: ${ua}`),
        ...group.rules.map((rule) => `${rule.allow ? "Allow" : "Disallow"}: ${rule.path}`),
      ].join("\n"),
    )
    .map((text) => `${text}\n`)
    .join("\n");
}
