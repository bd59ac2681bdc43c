import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import { type CrawlEvent, getTaxonomy, type Taxonomy } from "@crawlgate/core";
import {
  createSignedAgents,
  createWebBotAuthVerifier,
  generateWebBotAuthKey,
  signWebBotAuth,
} from "@crawlgate/core/adapter-kit";

/**
 * The demo's signed agent (Web Bot Auth): an Ed25519 key listed in a key directory that the
 * demo origin serves, and a second key it does not list. A share of the demo's agent traffic is
 * signed with them and judged by core's real verifier (its directory fetched from the demo
 * origin, a trusted origin of the demo only), so the three outcomes show up in the crawl log and
 * in crawl analytics: `verified`, `invalid` (a tampered signature, a replayed nonce) and
 * `unverified` (a key the directory does not list).
 */

/** Chrome's User-Agent: browsing agents send a browser's, and prove who they are by signature. */
export const AGENT_BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A signature's lifetime (seconds). */
const LIFETIME = 300;

/** How one signed demo request is signed. */
export interface DemoSignOptions {
  /** Request time, epoch ms: `created` is its second. */
  at: number;
  nonce: string;
  /** Sign with the key the directory does not list (the signature is then `unverified`). */
  unlisted?: boolean;
}

/** The demo's agent keys: one listed in its directory, one not. */
export interface DemoAgent {
  /** The directory JSON (`{"keys": [...]}`) listing the agent's one listed key. */
  directoryJson: string;
  /** The `Signature-Agent`, `Signature-Input` and `Signature` of a GET of `host`. */
  sign(origin: string, host: string, options: DemoSignOptions): Promise<Record<string, string>>;
}

export async function createDemoAgent(): Promise<DemoAgent> {
  const [listed, unlisted] = await Promise.all([generateWebBotAuthKey(), generateWebBotAuthKey()]);
  return {
    directoryJson: JSON.stringify({ keys: [listed.jwk] }),
    sign(origin, host, options) {
      const created = Math.floor(options.at / 1000);
      return signWebBotAuth(
        { method: "GET", host, url: "/" },
        options.unlisted ? unlisted : listed,
        { agent: origin, created, expires: created + LIFETIME, nonce: options.nonce },
      );
    },
  };
}

/** The demo origin's agent, as the seed uses it. */
export interface DemoSigning {
  agent: DemoAgent;
  /** The agent's origin: the demo origin serving its directory. */
  origin: string;
}

/** Which agent traffic is signed: ChatGPT-User's (a browsing agent), about half of it. */
const SIGNED_USER_AGENT = /ChatGPT-User/;

/** A small, stable hash of an event id (FNV-1a), to pick signed events and their fate. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Signed events seeded, by outcome, and how many of the invalid ones were replays. */
export interface SignedCounts {
  verified: number;
  invalid: number;
  unverified: number;
  replayed: number;
}

/**
 * Signs about half of the agent traffic among `events` (in time order) as the demo agent, and
 * judges each signature with core's verifier at the request's time: mostly valid, some tampered
 * (`invalid`), some with the unlisted key (`unverified`), and some valid ones sent again a second
 * later (the replay is `invalid`). Returns the events, signed ones carrying their identity.
 */
export function createDemoSigner(signing: DemoSigning) {
  let now = 0;
  // The verifier's clock walks six months of traffic, so its directory cache (a day, the origin's
  // max-age) expires about 180 times: the directory's answer is fetched from the demo origin once
  // and handed over again (the same bytes; the verifier still parses and checks each copy).
  let directory: Promise<{
    status: number;
    headers: [string, string][];
    body: ArrayBuffer;
  }> | null = null;
  const verifier = createWebBotAuthVerifier({
    // Only the demo origin is ever fetched (trusted: plain HTTP on loopback).
    fetch: async () => {
      throw new Error("the demo fetches no public directory");
    },
    trustedFetch: async (url, init) => {
      directory ??= fetch(url, init).then(async (r) => ({
        status: r.status,
        headers: [...r.headers],
        body: await r.arrayBuffer(),
      }));
      directory.catch(() => {
        directory = null; // a failed fetch is tried again
      });
      const { status, headers, body } = await directory;
      return new Response(body.slice(0), { status, headers });
    },
    trustedOrigins: [signing.origin],
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
    now: () => now,
  });
  const judge = createSignedAgents(verifier, () => getTaxonomy() as Taxonomy);
  const counts: SignedCounts = { verified: 0, invalid: 0, unverified: 0, replayed: 0 };

  async function signed(
    event: CrawlEvent,
    host: string,
    headers: Record<string, string>,
  ): Promise<CrawlEvent> {
    const userAgent = AGENT_BROWSER_UA;
    now = event.ts.getTime();
    const agent = await judge({
      method: "GET",
      host,
      url: event.path,
      headers: { ...headers, "user-agent": userAgent },
    });
    if (!agent) throw new Error("a signed demo request carries no signature");
    counts[agent.signature]++;
    return {
      ...event,
      userAgent,
      signed: { bot: agent.bot, agent: agent.agent, signature: agent.signature },
    };
  }

  return {
    counts: () => ({ ...counts }),
    /** `events` with the signed share signed and judged; replays are added after their original. */
    async sign(events: readonly CrawlEvent[], host: string, until: Date): Promise<CrawlEvent[]> {
      const out: CrawlEvent[] = [];
      for (const event of events) {
        const id = event.eventId ?? "";
        const roll = hashOf(id);
        if (!SIGNED_USER_AGENT.test(event.userAgent) || roll % 2 === 1) {
          out.push(event);
          continue;
        }
        const fate = (roll >>> 1) % 20;
        const headers = await signing.agent.sign(signing.origin, host, {
          at: event.ts.getTime(),
          nonce: `demo-${id}`,
          unlisted: fate === 1,
        });
        // Tampered: the signature's first character changed (a bad signature).
        if (fate === 0)
          headers.signature = (headers.signature as string).replace(
            /:(.)/,
            (_, c) => `:${c === "A" ? "B" : "A"}`,
          );
        out.push(await signed(event, host, headers));
        const again = new Date(event.ts.getTime() + 1000);
        if (fate === 2 && again <= until) {
          // The same signed request a second later: its nonce was seen, the replay is invalid.
          out.push(await signed({ ...event, eventId: `${id}-replay`, ts: again }, host, headers));
          counts.replayed++;
        }
      }
      return out;
    },
  };
}
