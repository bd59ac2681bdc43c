import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "./commands/command.js";

/**
 * The HMAC secret that signs cursors and download links. A configured one (`CRAWLGATE_SECRET`)
 * wins: every instance of a fleet must share it. Otherwise it is generated once and kept in the
 * data directory.
 */
export function loadOrCreateSecret(dataDir: string, configured: string | undefined): string {
  if (configured) {
    if (configured.length < 32)
      throw new CliError("CRAWLGATE_SECRET must be at least 32 characters");
    return configured;
  }
  const file = join(dataDir, "secret.key");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // `wx` fails if another process created it first; then use theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
}
