/**
 * Imports each module named on the command line, in order, and prints one JSON line per module:
 * its export names, or the message of the error that stopped the import.
 * Usage: import-entries.ts <specifier>...
 */
import { argv, stdout } from "node:process";

for (const specifier of argv.slice(2)) {
  try {
    const module: Record<string, unknown> = await import(specifier);
    stdout.write(`${JSON.stringify({ specifier, exports: Object.keys(module).sort() })}\n`);
  } catch (error) {
    stdout.write(`${JSON.stringify({ specifier, error: String(error) })}\n`);
  }
}
