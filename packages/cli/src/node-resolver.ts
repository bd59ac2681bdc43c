import { promises as dns } from "node:dns";
import type { Resolver } from "@crawlgate/core";

/** Reverse, forward and TXT DNS through the system's configured servers. */
export const nodeResolver: Resolver = {
  reverse: (ip) => dns.reverse(ip),
  async forward(hostname) {
    const [v4, v6] = await Promise.allSettled([dns.resolve4(hostname), dns.resolve6(hostname)]);
    const out = [
      ...(v4.status === "fulfilled" ? v4.value : []),
      ...(v6.status === "fulfilled" ? v6.value : []),
    ];
    if (out.length === 0) throw new Error(`no address for ${hostname}`);
    return out;
  },
  async txt(hostname) {
    return (await dns.resolveTxt(hostname)).map((strings) => strings.join(""));
  },
};
