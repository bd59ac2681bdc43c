import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import type { Period } from "../shared/period.js";
import { type ApiCall, callKey } from "../shared/requests.js";
import type { ApiError, DataSource } from "./data-source.js";
import { type Locator, parseRoute, type Route } from "./routes.js";

/** What every view reads: where data comes from, the address bar, and the report's fixed period. */
export interface AppEnv {
  source: DataSource;
  locator: Locator;
  /** Set in a report: the one period its data covers. */
  fixedPeriod: Period | null;
  /** Set in a report: the one domain it covers. */
  fixedDomainId: string | null;
}

export const EnvContext = createContext<AppEnv | null>(null);

export function useEnv(): AppEnv {
  const env = useContext(EnvContext);
  if (!env) throw new Error("EnvContext missing");
  return env;
}

/** The current route; re-renders on navigation. */
export function useRoute(): Route {
  const { locator } = useEnv();
  const [, setTick] = useState(0);
  useEffect(() => locator.listen(() => setTick((n) => n + 1)), [locator]);
  const { path, search } = locator.current();
  return parseRoute(path, search);
}

export interface CallState<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  reload(): void;
}

/** Runs `call` (none when `null`) and re-runs it whenever its key changes or `reload` is called. */
export function useCall<T>(call: ApiCall | null): CallState<T> {
  const { source } = useEnv();
  const key = call ? callKey(call) : null;
  const [state, setState] = useState<{
    key: string | null;
    data: T | null;
    error: ApiError | null;
  }>({ key: null, data: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!call || key === null) return;
    let live = true;
    source.call<T>(call).then((result) => {
      if (!live) return;
      setState(
        result.ok
          ? { key, data: result.data, error: null }
          : { key, data: null, error: result.error },
      );
    });
    return () => {
      live = false;
    };
  }, [key, round, source]);
  const current = state.key === key;
  return {
    data: current ? state.data : null,
    error: current ? state.error : null,
    loading: key !== null && !current,
    reload: () => setRound((n) => n + 1),
  };
}
