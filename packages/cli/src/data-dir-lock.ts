import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CliError } from "./commands/command.js";

/** Data directories this process holds (a second `serve` in the same process is refused too). */
const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Takes `<dataDir>/serve.lock` for a server on the directory's SQLite file, before anything in
 * the directory is touched: created exclusively with this process's id; a lock left by a process
 * that is gone is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const path = join(dir, "serve.lock");
  mkdirSync(dir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: "wx" });
      held.add(dir);
      return () => {
        held.delete(dir);
        try {
          unlinkSync(path);
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    const running = pid === process.pid ? held.has(dir) : Number.isInteger(pid) && alive(pid);
    if (running)
      throw new CliError(
        `the data directory ${dir} is in use by a running crawlgate server (pid ${pid}); stop it or pass another --data-dir`,
      );
    unlinkSync(path);
  }
  throw new CliError(`could not take the lock ${path}`);
}
