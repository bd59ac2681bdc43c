import { render } from "preact";
import { type ReportData, unpackAnswers } from "../shared/report-data.js";
import { App } from "./app.js";
import { type AppEnv, EnvContext } from "./context.js";
import { liveSource, loadSession, reportSource, type Session, signOut } from "./data-source.js";
import { hashLocator, pathLocator } from "./routes.js";
import "./styles.css";

declare global {
  interface Window {
    __CRAWLGATE_REPORT__?: ReportData;
  }
}

const root = document.getElementById("app") as HTMLElement;
// index.html's "Loading…" placeholder: Preact renders next to foreign children, not over them.
root.textContent = "";

function signedOut(reason: "none" | "signed-out" | "expired") {
  document.title = "Sign in · crawlgate";
  render(
    <main id="main" class="signin">
      <h1>
        {reason === "signed-out" ? "You are signed out" : "Sign in to the crawlgate dashboard"}
      </h1>
      {reason === "expired" ? <p role="alert">Your session has ended.</p> : null}
      <p>
        The dashboard opens with a sign-in link. Ask the server's operator for one, or print one
        yourself with <code>crawlgate dashboard-link --user NAME</code>.
      </p>
    </main>,
    root,
  );
}

async function startLive() {
  const base =
    document.querySelector<HTMLMetaElement>('meta[name="crawlgate-base"]')?.content ?? "/dashboard";
  if (window.location.pathname.replace(/\/+$/, "") === `${base}/signed-out`)
    return signedOut("signed-out");
  let session: Session | null = await loadSession(base);
  if (!session) return signedOut("none");
  const env: AppEnv = {
    source: liveSource(
      base,
      () => session?.csrfToken ?? "",
      () => {
        session = null;
        signedOut("expired");
      },
    ),
    locator: pathLocator(base),
    fixedPeriod: null,
    fixedDomainId: null,
  };
  const onSignOut = async () => {
    await signOut(base, session?.csrfToken ?? "");
    session = null;
    window.location.assign(`${base}/signed-out`);
  };
  render(
    <EnvContext.Provider value={env}>
      <App title="crawlgate" onSignOut={onSignOut} />
    </EnvContext.Provider>,
    root,
  );
}

function startReport(report: ReportData) {
  const env: AppEnv = {
    source: reportSource(unpackAnswers(report.answers) as ReportData["answers"]),
    locator: hashLocator(),
    fixedPeriod: report.period,
    fixedDomainId: report.domainId,
  };
  render(
    <EnvContext.Provider value={env}>
      <App title={report.title} />
      <footer class="muted">Report generated {report.generatedAt} by crawlgate report.</footer>
    </EnvContext.Provider>,
    root,
  );
}

if (window.__CRAWLGATE_REPORT__) startReport(window.__CRAWLGATE_REPORT__);
else void startLive();
