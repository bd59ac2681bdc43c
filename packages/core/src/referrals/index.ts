export type { AiSource, SurfaceType, VisitSignals } from "./ai-sources.js";
export { AI_SOURCES, detectAiSource, operatorOfSource } from "./ai-sources.js";
export type { PathSourceCount } from "./landing-paths.js";
export { rankLandingPaths, sumBySource } from "./landing-paths.js";
