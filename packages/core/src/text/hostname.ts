const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Lowercases a hostname, drops one trailing dot, and checks it is a dotted DNS name. */
export function normalizeHostname(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/\.$/, "");
  return HOSTNAME.test(host) ? host : null;
}
