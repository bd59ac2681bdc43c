/** The dashboard UI's files, as the host application provides them (`@crawlgate/dashboard`). */
export interface DashboardAsset {
  contentType: string;
  body: Uint8Array;
  /** The name carries a content hash: cached for a year (`immutable`). */
  immutable?: boolean;
}

/**
 * Serves the UI's files by path below `/dashboard` (leading slash kept: `/`, `/assets/app.js`).
 * `null` when there is no such file.
 */
export interface DashboardAssets {
  get(path: string): DashboardAsset | null;
}

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>crawlgate dashboard: UI not built</title>
</head>
<body>
<main>
<h1>The dashboard UI is not built</h1>
<p>This server runs the dashboard's sign-in, session and API, but it has no UI files: the
<code>@crawlgate/dashboard</code> package is not installed or not built
(<code>pnpm --filter @crawlgate/dashboard build</code>).</p>
<p>The API answers under <code>/dashboard/api/v1/</code> with a signed-in session.</p>
</main>
</body>
</html>
`;

/** What is served when the host gives no UI: one page saying so, no dashboard. */
export const notBuiltAssets: DashboardAssets = {
  get(path) {
    if (path !== "/" && path !== "/index.html") return null;
    return {
      contentType: "text/html; charset=utf-8",
      body: new TextEncoder().encode(NOT_BUILT),
    };
  },
};
