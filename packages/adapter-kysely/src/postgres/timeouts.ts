import { serviceUnavailable } from "@crawlgate/core/adapter-kit";
import pg from "pg";

/** How long crawlgate waits on PostgreSQL before it calls the database unavailable. */
export interface PostgresTimeouts {
  /**
   * Opening a connection, and waiting for a free one of the pool; default 5000 ms. Past it the
   * caller gets `service_unavailable`.
   */
  connectTimeoutMs: number;
  /**
   * A query that has not answered after this long (default 3000 ms) is not failed for being
   * slow: a fresh connection runs `select 1` within `probeTimeoutMs` (default 1500 ms). If the
   * probe fails too, the database is not answering: the query fails with `service_unavailable`
   * and its connection is dropped (it can never be trusted again); if the probe answers, the
   * query is left to run and checked again after `stallMs`. While the database does not
   * answer, new connects fail at once (no request waits for a dead server) and the probe runs
   * every `probeTimeoutMs` until it answers again.
   */
  stallMs: number;
  probeTimeoutMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: Readonly<PostgresTimeouts> = Object.freeze({
  connectTimeoutMs: 5000,
  stallMs: 3000,
  probeTimeoutMs: 1500,
});

/** SQLSTATE classes and codes a retry can cure: connection failures, shutdowns, overload. */
const RETRYABLE_STATE = /^(08|57P0[1-3]|53300)/;
/** node and pg messages of a connection that failed, dropped or timed out. */
const RETRYABLE_MESSAGE =
  /timeout exceeded when trying to connect|connection timeout|Connection terminated|not queryable|Query read timeout|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|socket hang up/i;

/** `service_unavailable` for a failure a retry can cure; any other error as it is. */
export function unavailableOr(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (RETRYABLE_STATE.test(code) || RETRYABLE_MESSAGE.test(code)))
    return serviceUnavailable(error);
  if (typeof message === "string" && RETRYABLE_MESSAGE.test(message))
    return serviceUnavailable(error);
  return error;
}

/**
 * Whether the database answers at all, asked on a fresh connection (never one of the pool's,
 * which may all be stuck). Concurrent callers share one probe.
 */
function createProbe(config: pg.ClientConfig, timeoutMs: number): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  const once = async () => {
    const client = new pg.Client({
      ...config,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      destroy(client);
    }
  };
  return () => {
    running ??= once().finally(() => {
      running = null;
    });
    return running;
  };
}

/** Drops a client's connection now; the pool removes it when it is released. */
function destroy(client: pg.Client): void {
  const inner = client as unknown as {
    _queryable?: boolean;
    connection?: { stream?: { destroy(): void } };
  };
  inner._queryable = false;
  inner.connection?.stream?.destroy();
}

/**
 * A pg pool whose connects and queries cannot hang: connection failures and timeouts become
 * `service_unavailable`, and a query stuck on a database that stopped answering fails (see
 * `PostgresTimeouts`). Queries with a callback are not watched (the pool's own `query` releases
 * its client with the error, which drops it).
 */
export function createTimedPool(
  config: pg.PoolConfig,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
): pg.Pool {
  const probeOnce = createProbe(config, timeouts.probeTimeoutMs);
  /** Set when a probe failed, until one answers again. */
  let down = false;
  let ended = false;
  const probe = async () => {
    const answers = await probeOnce();
    if (!answers && !down) {
      down = true;
      void recover();
    }
    return answers;
  };
  async function recover(): Promise<void> {
    while (!ended && !(await probeOnce())) {
      await new Promise((resolve) => setTimeout(resolve, timeouts.probeTimeoutMs).unref?.());
    }
    down = false;
  }

  function watch<T>(client: pg.Client, query: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done();
      };
      const arm = () => {
        timer = setTimeout(async () => {
          const answers = await probe();
          if (settled) return;
          if (answers) return arm();
          destroy(client);
          settle(() => reject(serviceUnavailable(new Error("PostgreSQL does not answer"))));
        }, timeouts.stallMs);
        timer.unref?.();
      };
      arm();
      query.then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(unavailableOr(error))),
      );
    });
  }

  class TimedClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads.
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: see above.
      const result = (super.query as (...a: any[]) => any)(...args);
      return result instanceof Promise ? watch(this, result) : result;
    }
  }

  class TimedPool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: pg-pool's connect has callback overloads.
    override connect(...args: any[]): any {
      if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
      if (down) return Promise.reject(serviceUnavailable(new Error("PostgreSQL does not answer")));
      return super.connect().catch((error: unknown) => {
        throw unavailableOr(error);
      });
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg-pool's end has a callback overload.
    override end(...args: any[]): any {
      ended = true;
      return (super.end as (...a: unknown[]) => unknown)(...args);
    }
  }

  return new TimedPool({
    ...config,
    Client: TimedClient,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
  });
}
