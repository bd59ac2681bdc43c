import type { DashboardAssets, Logger } from "@crawlgate/core";
import { dashboardAssets } from "@crawlgate/dashboard";

/**
 * The UI's files from `@crawlgate/dashboard` (a dependency of the CLI: `crawlgate report`
 * bundles the same UI). Its built package carries the bundle; a source checkout (tests) bundles
 * on first use, so the served UI is always the sources' one. `undefined` (the server then says
 * the UI is not built, logged as `dashboard.ui_not_built`) only when loading it fails.
 */
export async function loadDashboardAssets(logger: Logger): Promise<DashboardAssets | undefined> {
  try {
    const assets = dashboardAssets();
    assets.get("/");
    return assets;
  } catch (error) {
    logger.warn("dashboard.ui_not_built", {
      package: "@crawlgate/dashboard",
      reason: error instanceof Error ? error.message.split("\n")[0] : String(error),
    });
    return undefined;
  }
}
