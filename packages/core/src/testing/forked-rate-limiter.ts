import { fork } from "node:child_process";
import type { RateDecision, RateLimiter, RateLimits } from "../ports/index.js";

/** A `RateLimiter` that lives in another process, and how to stop that process. */
export interface ForkedRateLimiter extends RateLimiter {
  close(): Promise<void>;
}

interface ConsumeMessage {
  id: number;
  subject: string;
  limits: RateLimits;
  now: number;
}

type ReplyMessage =
  | { ready: true }
  | { id: number; decision: RateDecision }
  | { id: number; error: string };

/**
 * Starts `script` (TypeScript, run through tsx from `cwd`) in a child process with an IPC channel,
 * and waits until it calls `serveRateLimiterToParent`. Each `consume` is one message there and
 * back; an error thrown by the child's limiter rejects the call with its message.
 */
export async function forkRateLimiter(
  script: string,
  args: readonly string[],
  cwd: string,
): Promise<ForkedRateLimiter> {
  const child = fork(script, [...args], {
    cwd,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const pending = new Map<
    number,
    { resolve: (d: RateDecision) => void; reject: (e: Error) => void }
  >();
  let nextId = 0;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const failAll = (why: string) => {
    for (const call of pending.values()) call.reject(new Error(why));
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    child.on("message", (message: ReplyMessage) => {
      if ("ready" in message) return resolve();
      const call = pending.get(message.id);
      pending.delete(message.id);
      if ("error" in message) call?.reject(new Error(message.error));
      else call?.resolve(message.decision);
    });
    child.once("exit", (code) => {
      const why = `rate-limiter child exited (${code}): ${stderr.slice(-2000)}`;
      failAll(why);
      reject(new Error(why));
    });
  });
  return {
    consume(subject, limits, now) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.send({ id, subject, limits, now: now.getTime() } satisfies ConsumeMessage);
      });
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.send({ close: true });
      await exited;
    },
  };
}

/**
 * The child side of `forkRateLimiter`: answers the parent's `consume` messages with `limiter`,
 * and on the parent's close message (or a lost parent) calls `close` and exits.
 */
export function serveRateLimiterToParent(limiter: RateLimiter, close: () => Promise<void>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error("serveRateLimiterToParent needs an IPC channel (child_process.fork)");
  const stop = async () => {
    await close().catch(() => {});
    process.exit(0);
  };
  process.on("message", (message: ConsumeMessage | { close: true }) => {
    if ("close" in message) return void stop();
    limiter.consume(message.subject, message.limits, new Date(message.now)).then(
      (decision) => send({ id: message.id, decision } satisfies ReplyMessage),
      (error: unknown) =>
        send({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies ReplyMessage),
    );
  });
  process.on("disconnect", () => void stop());
  send({ ready: true } satisfies ReplyMessage);
}
