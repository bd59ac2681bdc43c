import type { BuiltFile } from "../bundle.js";
import { packAnswers, type ReportData } from "../shared/report-data.js";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** JSON that is safe inside a `<script>` element (no `</script>`, no line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/**
 * One self-contained HTML file: the dashboard's stylesheet and script inline, the data inline,
 * and a Content-Security-Policy that allows no network request at all.
 */
export function reportHtml(data: ReportData, files: readonly BuiltFile[]): string {
  const text = (f: BuiltFile) => new TextDecoder().decode(f.body);
  const css = files
    .filter((f) => f.name.endsWith(".css"))
    .map(text)
    .join("\n");
  const js = files
    .filter((f) => f.name.endsWith(".js"))
    .map((f) => text(f).replaceAll("</script", "<\\/script"))
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:">
<link rel="icon" href="data:,">
<title>${escapeHtml(data.title)} (${escapeHtml(data.period)})</title>
<style>${css.replaceAll("</style", "<\\/style")}</style>
</head>
<body>
<div id="app"></div>
<script>window.__CRAWLGATE_REPORT__ = ${scriptJson({ ...data, answers: packAnswers(data.answers) })};</script>
<script>${js}</script>
</body>
</html>
`;
}
