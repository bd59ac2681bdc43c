import { accessSync, constants, statSync } from "node:fs";
import { basename } from "node:path";

/**
 * Where Debian (and most distributions) put Chromium, most suitable first: the real binaries
 * under /usr/lib/chromium before the /usr/bin shell wrappers (a wrapper's PID is not the
 * browser's, so killing it would not stop the browser), the headless shell before the full
 * browser (half the CPU per fresh context, see docs/decisions.md "Renderers").
 */
export const KNOWN_CHROMIUM_PATHS = [
  "/usr/lib/chromium/chromium-headless-shell",
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
] as const;

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium executable to drive: `CRAWLGATE_CHROMIUM` when it names an executable file, else
 * the first of `KNOWN_CHROMIUM_PATHS` that exists; `null` when there is none
 * (`bash scripts/install-chromium.sh` installs one). `createChromiumRenderer`'s
 * `executablePath` option wins over both.
 */
export function findChromium(env: Record<string, string | undefined> = process.env): string | null {
  const configured = env.CRAWLGATE_CHROMIUM?.trim();
  if (configured && isExecutableFile(configured)) return configured;
  return KNOWN_CHROMIUM_PATHS.find(isExecutableFile) ?? null;
}

/** Whether the executable is a headless shell (driven in puppeteer's `"shell"` mode). */
export function isHeadlessShell(executablePath: string): boolean {
  return /headless[-_]shell/i.test(basename(executablePath));
}
