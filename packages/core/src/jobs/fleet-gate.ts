import type { Clock, FleetLock, Logger } from "../ports/index.js";
import type { Job } from "./job.js";
import type { Timers } from "./timers.js";

/** How a scheduler shares its singleton jobs with the other instances of a fleet. */
export interface FleetOptions {
  lock: FleetLock;
  /** This instance's name in the lock (logs, diagnostics); default a random UUID. */
  holder?: string;
  /**
   * Lifetime of a held lock; the holder renews it every third of it, so another instance takes
   * a job over within this time after its holder died. Default 60 s.
   */
  lockTtlMs?: number;
}

/** Decides whether this instance runs a job now; holds the singleton jobs' locks. */
export interface FleetGate {
  /** `true` when the job may run now: not a singleton, or this instance holds its lock. */
  mayRun(job: Job): Promise<boolean>;
  /** When a job that may not run now is tried again, in ms. */
  readonly standbyMs: number;
  /** Stops renewing and releases every lock held. */
  close(): Promise<void>;
}

const everyJobRuns: FleetGate = {
  mayRun: async () => true,
  standbyMs: 0,
  close: async () => {},
};

/**
 * One holder per singleton job in a fleet: a job's lock (`job:<name>`) is taken at its turn and
 * kept, renewed every third of its lifetime, until this instance stops (then released) or dies
 * (then it expires and another instance takes it at its next try, at most `lockTtlMs` later).
 * Jobs that are not singletons always run. A lock that cannot be reached counts as not held.
 */
export function createFleetGate(
  fleet: FleetOptions | undefined,
  deps: { clock: Clock; logger: Logger; timers: Timers },
): FleetGate {
  if (!fleet) return everyJobRuns;
  const { lock } = fleet;
  const holder = fleet.holder ?? crypto.randomUUID();
  const ttlMs = fleet.lockTtlMs ?? 60_000;
  const held = new Map<string, string>();
  let heartbeat: unknown = null;
  let closed = false;

  const failed = (name: string, error: unknown) =>
    deps.logger.warn("jobs.lock_failed", {
      job: name,
      message: error instanceof Error ? error.message : String(error),
    });
  const keep = async (name: string, token: string) => {
    try {
      if (await lock.renew(`job:${name}`, token, ttlMs, deps.clock.now())) return true;
    } catch (error) {
      failed(name, error);
    }
    held.delete(name);
    return false;
  };
  const beat = () => {
    heartbeat = deps.timers.setTimeout(
      async () => {
        await Promise.all([...held].map(([name, token]) => keep(name, token)));
        if (!closed) beat();
      },
      Math.max(1, Math.floor(ttlMs / 3)),
    );
  };

  return {
    standbyMs: ttlMs,
    async mayRun(job) {
      if (!job.singleton || closed) return !closed;
      const token = held.get(job.name);
      if (token !== undefined && (await keep(job.name, token))) return true;
      try {
        const taken = await lock.acquire(`job:${job.name}`, holder, ttlMs, deps.clock.now());
        if (taken === null) return false;
        held.set(job.name, taken);
        deps.logger.info("jobs.lock_taken", { job: job.name, holder });
        if (heartbeat === null) beat();
        return true;
      } catch (error) {
        failed(job.name, error);
        return false;
      }
    },
    async close() {
      closed = true;
      if (heartbeat !== null) deps.timers.clearTimeout(heartbeat);
      const release = [...held].map(([name, token]) =>
        lock.release(`job:${name}`, token).catch((error) => failed(name, error)),
      );
      held.clear();
      await Promise.all(release);
    },
  };
}
