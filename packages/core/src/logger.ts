/** Structured logging port: one object per event. Adapters decide where lines go. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (the library default: the host decides what to log). */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};
