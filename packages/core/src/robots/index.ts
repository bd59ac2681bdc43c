export type { RobotsAgent, RobotsMatcher } from "./match.js";
export { compileRobots } from "./match.js";
export type { RobotsBot } from "./merge.js";
export { blockedTokens, mergeRobots } from "./merge.js";
export { normalizeRobotsPath } from "./normalize.js";
export type { RobotsFile, RobotsGroup, RobotsRule } from "./parse.js";
export { parseRobots, ROBOTS_SIZE_LIMIT } from "./parse.js";
export { serializeRobots } from "./serialize.js";
