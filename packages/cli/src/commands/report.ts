import { writeFileSync } from "node:fs";
import { type ApiDeps, createOperationCaller, silentLogger, systemClock } from "@crawlgate/core";
import { DEFAULT_WARM_RENDERS_PER_HOUR } from "@crawlgate/core/adapter-kit";
import { collectReport, loadUiFiles, PERIODS, type Period, reportHtml } from "@crawlgate/dashboard";
import { domainOf } from "./admin.js";
import { CliError, type Command, stringOption } from "./command.js";
import { withRuntime } from "./load.js";

/**
 * `crawlgate report --domain HOST [--period 30d] -o report.html`: one self-contained HTML file
 * with the dashboard's charts and tables of one domain, data inline, readable offline. The data
 * comes from the API's own operations, run as the domain's owner.
 */
export const REPORT: Command = {
  name: "report",
  summary:
    "write a self-contained HTML report of one domain (charts and tables, no network needed)",
  options: {
    domain: { type: "string", value: "<hostname>", required: true },
    period: { type: "string", value: PERIODS.join("|") },
    output: { type: "string", value: "<file.html>", required: true, short: "o" },
  },
  async run(ctx) {
    const period = (stringOption(ctx, "period") ?? "30d") as Period;
    if (!PERIODS.includes(period))
      throw new CliError(`--period must be one of ${PERIODS.join(", ")}`, true);
    const output = stringOption(ctx, "output") as string;
    return withRuntime(ctx, async ({ crawlgate, stores }) => {
      const domain = await domainOf(stores.deps, stringOption(ctx, "domain") as string);
      const owner = await stores.deps.accounts.getUser(domain.ownerId);
      if (!owner) throw new CliError(`the owner of ${domain.hostname} no longer exists`);
      const deps: ApiDeps = {
        ...stores.deps,
        clock: systemClock,
        plans: crawlgate.plans,
        ratePerMinute: 60,
        logger: silentLogger,
        signing: crawlgate.signing,
        robotsTxt: crawlgate.robotsTxt,
        baseUrl: null,
        // The report makes no verification checks.
        domainChecks: { resolver: null, fetch: () => Promise.reject(new Error("no fetch")) },
        // Nor does it warm anything.
        warmDefaults: {
          pageCacheTtlSeconds: 86_400,
          rendersPerHour: DEFAULT_WARM_RENDERS_PER_HOUR,
          publicScheme: "https",
        },
      };
      const callAs = createOperationCaller(deps);
      const data = await collectReport(
        (call) => callAs(owner, call),
        domain,
        period,
        systemClock.now().toISOString(),
      );
      const html = reportHtml(data, loadUiFiles());
      writeFileSync(output, html);
      ctx.io.out(
        JSON.stringify({
          report: output,
          domain: domain.hostname,
          period,
          bytes: Buffer.byteLength(html),
        }),
      );
      return 0;
    });
  },
};
