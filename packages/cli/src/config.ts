/**
 * The one place the CLI reads its environment and the options every command shares. Defaults
 * of crawlgate itself (rate limits, batching, retention) live in core's `resolveConfig`.
 */
export interface CliConfig {
  /** `--data-dir`: SQLite file, blobs and the generated secret; default `./.crawlgate`. */
  dataDir: string;
  /** `DATABASE_URL`: PostgreSQL instead of SQLite. */
  databaseUrl: string | undefined;
  /** `CRAWLGATE_DB_SCHEMA`: PostgreSQL schema of crawlgate's tables. */
  databaseSchema: string | undefined;
  /**
   * `REDIS_URL`: the shared state of a fleet (rate limits, edge settings) in Redis; unset, it
   * stays in the database and in each process.
   */
  redisUrl: string | undefined;
  /** `CRAWLGATE_REDIS_PREFIX`: prefix of crawlgate's Redis keys; default `crawlgate:`. */
  redisPrefix: string;
  /**
   * `CRAWLGATE_FLEET_LOCK_TTL_MS`: lifetime of a singleton job's fleet lock, as given (serve
   * checks it); unset, 60 s. Another instance takes a job over within it after its holder died.
   */
  fleetLockTtlMs: string | undefined;
  /** `CRAWLGATE_SECRET`: signing secret shared by a fleet (else one is kept in the data dir). */
  secret: string | undefined;
  /** `CRAWLGATE_BASE_URL`: public origin put in front of presigned links. */
  baseUrl: string | undefined;
  /**
   * `CRAWLGATE_TRUST_PROXY=true`: serve runs behind a proxy it trusts, so presigned links (when
   * `CRAWLGATE_BASE_URL` is not set) take their scheme and host from `X-Forwarded-Proto` and
   * `X-Forwarded-Host`, and the edge takes the visitor's scheme from `X-Forwarded-Proto` and
   * passes the proxy's `X-Forwarded-For` chain on (the peer appended). Otherwise the edge drops
   * every forwarding header a client sent.
   */
  trustProxy: boolean;
  /**
   * `CRAWLGATE_RANGE_REFRESH=off`: never download the operators' published IP ranges (the files
   * shipped with the package stay in use; for offline machines and tests).
   */
  rangeRefresh: boolean;
  /**
   * `CRAWLGATE_RANGE_URLS`: a JSON object that maps an operator's range-file URL, or a prefix of
   * such URLs, to the URL fetched instead (a mirror, a proxy, a test server); the longest
   * matching prefix wins. Read by `serve` and `ranges refresh`.
   */
  rangeUrls: string | undefined;
  /**
   * `CRAWLGATE_S3_BUCKET` (with `CRAWLGATE_S3_PREFIX` and `CRAWLGATE_S3_FORCE_PATH_STYLE=true` for
   * MinIO-style servers): snapshot HTML and archive files in S3 instead of the data directory.
   * Region, endpoint and credentials come from the AWS SDK's own variables (`AWS_REGION`,
   * `AWS_ENDPOINT_URL_S3`, `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, `AWS_PROFILE`, …).
   */
  s3: { bucket: string; prefix: string; forcePathStyle: boolean } | null;
  /**
   * `CRAWLGATE_REQUIRE_VERIFIED_DOMAINS=true`: the edge passes the traffic of a domain whose
   * ownership is not verified (`domains verify`) to its origin untouched. Default off.
   */
  requireVerifiedDomains: boolean;
  /**
   * `CRAWLGATE_API_HOSTS` and `serve --api-host` (comma-separated hostnames, both lists
   * together): hosts where the API, the dashboard and the health paths always answer. They also
   * answer on every host that is not a served domain; on a served domain's host every path is
   * the site's.
   */
  apiHosts: string[];
  /**
   * `CRAWLGATE_SHUTDOWN_MS`, as given (serve and worker check it): how long a stopping process
   * lets requests and jobs in flight finish; unset, 10000.
   */
  shutdownMs: string | undefined;
  /**
   * `CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS`: comma-separated origins (`http://127.0.0.1:40001`)
   * whose Web Bot Auth key directories may be fetched over plain HTTP and on loopback or private
   * addresses; every other directory is fetched over HTTPS from public addresses only.
   */
  trustedDirectoryOrigins: string[];
  /** `CRAWLGATE_X402_FACILITATOR`: the x402 facilitator's base URL (unset: no x402). */
  x402Facilitator: string | undefined;
}

export const DEFAULT_DATA_DIR = "./.crawlgate";

export function readConfig(
  options: Readonly<Record<string, string | boolean | undefined>>,
  env: NodeJS.ProcessEnv,
): CliConfig {
  const dataDir = options["data-dir"];
  const apiHost = options["api-host"];
  return {
    dataDir: typeof dataDir === "string" && dataDir !== "" ? dataDir : DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.CRAWLGATE_DB_SCHEMA || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.CRAWLGATE_REDIS_PREFIX || "crawlgate:",
    fleetLockTtlMs: env.CRAWLGATE_FLEET_LOCK_TTL_MS?.trim() || undefined,
    secret: env.CRAWLGATE_SECRET?.trim() || undefined,
    baseUrl: env.CRAWLGATE_BASE_URL || undefined,
    trustProxy: env.CRAWLGATE_TRUST_PROXY?.trim().toLowerCase() === "true",
    rangeRefresh: env.CRAWLGATE_RANGE_REFRESH?.trim().toLowerCase() !== "off",
    rangeUrls: env.CRAWLGATE_RANGE_URLS?.trim() || undefined,
    s3: env.CRAWLGATE_S3_BUCKET
      ? {
          bucket: env.CRAWLGATE_S3_BUCKET,
          prefix: env.CRAWLGATE_S3_PREFIX ?? "",
          forcePathStyle: env.CRAWLGATE_S3_FORCE_PATH_STYLE?.trim().toLowerCase() === "true",
        }
      : null,
    requireVerifiedDomains: env.CRAWLGATE_REQUIRE_VERIFIED_DOMAINS?.trim().toLowerCase() === "true",
    apiHosts: [env.CRAWLGATE_API_HOSTS, typeof apiHost === "string" ? apiHost : undefined]
      .flatMap((list) => list?.split(",") ?? [])
      .map((host) => host.trim())
      .filter((host) => host !== ""),
    shutdownMs: env.CRAWLGATE_SHUTDOWN_MS?.trim() || undefined,
    trustedDirectoryOrigins: (env.CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ""),
    x402Facilitator: env.CRAWLGATE_X402_FACILITATOR?.trim() || undefined,
  };
}

/** The environment variables, for the usage text. */
export const ENVIRONMENT = `Every command takes --data-dir DIR (default ${DEFAULT_DATA_DIR}) and uses PostgreSQL when
DATABASE_URL is set (tables in CRAWLGATE_DB_SCHEMA when set), SQLite in the data directory
otherwise. REDIS_URL (several instances on one PostgreSQL) shares rate limits and edge settings
through Redis (keys under CRAWLGATE_REDIS_PREFIX, default crawlgate:); a fleet's singleton jobs
move to another instance within CRAWLGATE_FLEET_LOCK_TTL_MS (default 60000) of their holder's
death. CRAWLGATE_SECRET sets the signing secret (else one is kept in the data directory);
CRAWLGATE_BASE_URL sets the origin of presigned links (else the request's own scheme and host;
CRAWLGATE_TRUST_PROXY=true reads them from X-Forwarded-Proto/-Host, and makes the edge take the
scheme from X-Forwarded-Proto and append to the proxy's X-Forwarded-For; without it the edge drops
the forwarding headers clients send); CRAWLGATE_RANGE_REFRESH=off
keeps the shipped IP-range files (no downloads); CRAWLGATE_RANGE_URLS is a JSON object mapping
range-file URLs (or URL prefixes) to the URLs fetched instead. CRAWLGATE_S3_BUCKET keeps
snapshot HTML and archive files in S3 (CRAWLGATE_S3_PREFIX, CRAWLGATE_S3_FORCE_PATH_STYLE=true;
the AWS SDK's variables for region, endpoint and credentials). CRAWLGATE_REQUIRE_VERIFIED_DOMAINS=true
passes the traffic of domains not verified (domains verify) to their origin untouched. The API, the dashboard and the
health paths answer on hosts that are not served domains and on CRAWLGATE_API_HOSTS
(comma-separated; serve --api-host adds more); on a served domain's host every path is the
site's. On SIGTERM or SIGINT, serve and worker finish what is in flight within
CRAWLGATE_SHUTDOWN_MS (default 10000), write what is buffered and exit 0; a second signal exits
at once. CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS
(comma-separated origins) lists Web Bot Auth key directories that may be fetched over plain HTTP
and on private addresses (tests, private agents). CRAWLGATE_X402_FACILITATOR (an http(s) base
URL) is the x402 facilitator that verifies and settles the x402 payments of domains whose
crawler policy names an x402 receiver (unset: no x402).`;
