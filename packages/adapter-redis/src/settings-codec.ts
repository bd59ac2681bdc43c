import { crawlerPolicy, type EdgeSettings, type RoutingRule } from "@crawlgate/core/adapter-kit";

/** EdgeSettings as JSON text (instants as epoch milliseconds). */
export function encodeSettings(settings: EdgeSettings): string {
  return JSON.stringify({
    ...settings,
    loadedAt: settings.loadedAt.getTime(),
    rules: settings.rules.map((r) => ({
      ...r,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
    })),
  });
}

const instant = (value: unknown): Date => {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new Error("bad instant");
  return new Date(value);
};

/**
 * The settings `encodeSettings` wrote, or `null` for text it did not write (another version,
 * damage): the caller then reads the stores, as on a miss.
 */
export function decodeSettings(text: string): EdgeSettings | null {
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    if (typeof raw.domainId !== "string" || typeof raw.hostname !== "string") return null;
    if (!Array.isArray(raw.rules)) return null;
    // Settings cached by a version without the verified flag read as a miss.
    if (typeof raw.verified !== "boolean") return null;
    // Settings cached by a version without policies read as a miss (the stores have them).
    const policy = crawlerPolicy.safeParse(raw.policy);
    if (!policy.success) return null;
    const rules = raw.rules.map(
      (r: Record<string, unknown>): RoutingRule =>
        ({
          ...r,
          createdAt: instant(r.createdAt),
          updatedAt: instant(r.updatedAt),
        }) as RoutingRule,
    );
    return {
      domainId: raw.domainId,
      hostname: raw.hostname,
      rules,
      policy: policy.data,
      originUrl: (raw.originUrl ?? null) as string | null,
      pageCacheTtlSeconds: (raw.pageCacheTtlSeconds ?? null) as number | null,
      // Settings cached by a version without the setting: the origin's own Host, the default.
      originHost: raw.originHost === "public" ? "public" : "origin",
      // Settings cached by a version without variants: desktop only, the default (changing the
      // setting drops the domain's cached settings).
      renderVariants:
        Array.isArray(raw.renderVariants) && raw.renderVariants.includes("mobile")
          ? ["desktop", "mobile"]
          : ["desktop"],
      verified: raw.verified,
      loadedAt: instant(raw.loadedAt),
    };
  } catch {
    return null;
  }
}
