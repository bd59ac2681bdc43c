import type { Logger } from "./ports.js";

/** A logger that drops everything (the library default: the host decides what to log). */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};
