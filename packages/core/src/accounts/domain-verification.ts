import type { AccountStore, FetchLike, Resolver, SettingsCache } from "../ports/index.js";
import type { Domain } from "../types.js";

/**
 * Domain ownership verification (`pending` → `verified`): the owner proves control of the host
 * by publishing the domain's challenge token in DNS or on the origin. The token is random, kept
 * until the domain is verified, and stored as it is: it is published to prove control, so it is
 * no secret (knowing it lets nobody verify a host they cannot change).
 */

/** Where the token file is looked for, below the domain's origin. */
export const VERIFICATION_HTTP_PATH = "/.well-known/crawlgate-verification.txt";
/** The label in front of the hostname where the TXT record is looked for. */
export const VERIFICATION_DNS_LABEL = "_crawlgate-challenge";
/** Longest a DNS lookup or the token file's fetch may take, in ms. */
export const VERIFICATION_TIMEOUT_MS = 5_000;
/** Bytes of the token file read at most (a token is 35 characters). */
const MAX_FILE_BYTES = 1_024;

/** What the owner publishes: the token as a TXT record at `dnsName`, or as the file's body. */
export interface VerificationChallenge {
  token: string;
  dnsName: string;
  dnsValue: string;
  httpPath: string;
}

export interface VerificationResult {
  domain: Domain;
  /** `null` once verified. */
  challenge: VerificationChallenge | null;
  /** How it was verified, or what each check found. */
  message: string;
}

export interface DomainVerificationDeps {
  accounts: AccountStore;
  settingsCache: SettingsCache;
  /** TXT lookups; `null`: DNS is not checked (said so in the message). */
  resolver: Resolver | null;
  /** Fetches the token file from the origin (on Node the pinned origin fetch). */
  fetch: FetchLike;
  timeoutMs?: number;
}

/** A new challenge token: `cg-` and 32 base64url characters (192 random bits). */
export function newVerificationToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const b64 = btoa(String.fromCharCode(...bytes));
  return `cg-${b64.replaceAll("+", "-").replaceAll("/", "_")}`;
}

export function challengeOf(hostname: string, token: string): VerificationChallenge {
  return {
    token,
    dnsName: `${VERIFICATION_DNS_LABEL}.${hostname}`,
    dnsValue: token,
    httpPath: VERIFICATION_HTTP_PATH,
  };
}

/**
 * Checks the domain's challenge: a TXT record at `dnsName` whose value (trimmed) is the token,
 * else the token file on the origin whose trimmed body is the token (a 200, redirects not
 * followed). Verified: the stage becomes `verified`, the token is forgotten and the edge's
 * cached settings of the domain are dropped. Not verified: the domain stays pending with the
 * same token, and the message says what each check found.
 */
export async function verifyDomain(
  deps: DomainVerificationDeps,
  domain: Domain,
): Promise<VerificationResult> {
  if (domain.verificationStage === "verified") {
    return { domain, challenge: null, message: "The domain is verified already." };
  }
  const token = await deps.accounts.verificationToken(domain.domainId, newVerificationToken());
  if (token === null) {
    const current = await deps.accounts.getDomain(domain.domainId);
    return { domain: current ?? domain, challenge: null, message: "The domain is verified." };
  }
  const challenge = challengeOf(domain.hostname, token);
  const timeoutMs = deps.timeoutMs ?? VERIFICATION_TIMEOUT_MS;
  const dns = await checkDns(deps.resolver, challenge, timeoutMs);
  const http = dns.ok ? null : await checkFile(deps.fetch, domain.originUrl, token, timeoutMs);
  if (dns.ok || http?.ok) {
    const verified = await deps.accounts.markDomainVerified(domain.domainId);
    await deps.settingsCache.invalidate(domain.domainId).catch(() => false);
    return {
      domain: verified ?? { ...domain, verificationStage: "verified" },
      challenge: null,
      message: dns.ok ? dns.found : (http?.found ?? ""),
    };
  }
  const pending = { ...domain, verificationStage: domain.verificationStage ?? "pending" };
  return {
    domain: pending,
    challenge,
    message: `Not verified yet. ${dns.found} ${http?.found ?? ""}`.trim(),
  };
}

interface Check {
  ok: boolean;
  found: string;
}

async function checkDns(
  resolver: Resolver | null,
  challenge: VerificationChallenge,
  timeoutMs: number,
): Promise<Check> {
  const where = `DNS: TXT ${challenge.dnsName}`;
  if (!resolver) return { ok: false, found: `${where} not checked (no DNS resolver configured).` };
  let values: string[];
  try {
    values = await withTimeout(resolver.txt(challenge.dnsName), timeoutMs);
  } catch (error) {
    return { ok: false, found: `${where}: no record found (${describe(error)}).` };
  }
  if (values.some((v) => v.trim() === challenge.dnsValue)) {
    return { ok: true, found: `Verified through the DNS TXT record at ${challenge.dnsName}.` };
  }
  const shown = values.slice(0, 3).map((v) => JSON.stringify(clip(v.trim())));
  return {
    ok: false,
    found: `${where} holds ${values.length} record(s) (${shown.join(", ")}), none is the token.`,
  };
}

async function checkFile(
  fetch: FetchLike,
  originUrl: string | null,
  token: string,
  timeoutMs: number,
): Promise<Check> {
  if (originUrl === null) return { ok: false, found: "HTTP: the domain has no origin to check." };
  const url = `${originUrl}${VERIFICATION_HTTP_PATH}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      redirect: "manual",
      headers: { accept: "text/plain" },
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, found: `HTTP: ${url} answered ${response.status}.` };
    }
    const body = (await readCapped(response, MAX_FILE_BYTES)).trim();
    if (body === token) return { ok: true, found: `Verified through the file ${url}.` };
    return {
      ok: false,
      found: `HTTP: ${url} answered 200 with ${JSON.stringify(clip(body))}, not the token.`,
    };
  } catch (error) {
    return { ok: false, found: `HTTP: ${url} could not be fetched (${describe(error)}).` };
  } finally {
    clearTimeout(timer);
  }
}

/** The body's first `max` bytes as UTF-8 text (the rest is not read). */
async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(all.subarray(0, max));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);
const describe = (error: unknown) => clip(error instanceof Error ? error.message : String(error));
