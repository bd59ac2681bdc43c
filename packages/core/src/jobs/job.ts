/** Fields a run reports; they become its `jobs.<name>` log line. */
export type JobReport = Readonly<Record<string, unknown>>;

/**
 * A maintenance job of a crawlgate instance (`crawlgate.jobs`). A host runs the table with
 * `createScheduler`, or calls `run` from its own cron.
 */
export interface Job {
  /** snake_case name; its log events are `jobs.<name>` and `jobs.<name>_failed`. */
  readonly name: string;
  /** Time from the end of one run to the start of the next, in ms (the first starts at once). */
  readonly everyMs: number;
  /**
   * Whether the job works on shared state (the stores), so that one run at a time in a whole
   * fleet is enough. Jobs that are not singletons work on an instance's own memory and run on
   * every instance.
   */
  readonly singleton: boolean;
  /**
   * One run as of `now`; rejects when the run failed (the next run tries again). Resolves with
   * `null` when there was nothing to do: such runs log no line (jobs that poll often).
   */
  run(now: Date): Promise<JobReport | null>;
}
