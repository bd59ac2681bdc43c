import type { DashboardAssets, Logger } from "@crawlgate/core";

/** The package that builds the dashboard's UI (pages, scripts, styles). */
const UI_PACKAGE = "@crawlgate/dashboard";

/**
 * The UI's files from `@crawlgate/dashboard` when it is installed and built; otherwise
 * `undefined` (the server then says the UI is not built, logged once as
 * `dashboard.ui_not_built`). Imported by a name held in a variable: the CLI does not need the
 * package to build or run.
 */
export async function loadDashboardAssets(logger: Logger): Promise<DashboardAssets | undefined> {
  const name = UI_PACKAGE;
  try {
    const module = (await import(name)) as { dashboardAssets?: () => DashboardAssets };
    if (typeof module.dashboardAssets === "function") return module.dashboardAssets();
    logger.warn("dashboard.ui_not_built", { package: name, reason: "no dashboardAssets export" });
  } catch (error) {
    logger.info("dashboard.ui_not_built", {
      package: name,
      reason: error instanceof Error ? error.message.split("\n")[0] : String(error),
    });
  }
  return undefined;
}
