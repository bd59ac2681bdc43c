import { describe, expect, it } from "vitest";
import { chromiumOrReason } from "./browser.js";
import { demoBrowser } from "./demo-browser.js";
import { checkView } from "./live-views.js";

const browserPath = chromiumOrReason();
const run = "path" in browserPath ? describe : describe.skip;

const CAPTION = "Crawl-to-refer by AI operator";

run("crawl-to-refer in the AI referrals view in Chromium, on the demo", () => {
  const suite = demoBrowser((browserPath as { path: string }).path);

  it("charts and lists crawls against referrals per AI operator as the API answers them, without serious axe violations", async () => {
    const { page, errors } = await suite.session("viewer");
    const { ready } = suite.demo();
    const shop = ready.demo.domains[0] as { domainId: string };
    await page.goto(`${ready.baseUrl}/dashboard/domains/${shop.domainId}/referrals?period=30d`);
    await page.waitForSelector(`::-p-text(${CAPTION})`);
    const api = await suite.demo().api(ready.demo.keys.owner, "/export-crawl-to-refer", {
      domainId: shop.domainId,
      period: "30d",
    });
    expect(api.operators.length).toBeGreaterThan(0);
    const rows = (await page.evaluate(`(() => {
      const table = [...document.querySelectorAll("table")].find((t) =>
        t.caption?.textContent?.startsWith(${JSON.stringify(CAPTION)}),
      );
      return [...(table?.querySelectorAll("tbody tr") ?? [])].map((tr) =>
        [...tr.children].map((td) => td.textContent),
      );
    })()`)) as string[][];
    expect(rows).toEqual(
      api.operators.map(
        (o: { operator: string; crawls: number; referrals: number; ratio: number | null }) => [
          o.operator,
          o.crawls.toLocaleString("en-US"),
          o.referrals.toLocaleString("en-US"),
          o.ratio === null ? "no referrals" : `${o.ratio.toLocaleString("en-US")} : 1`,
        ],
      ),
    );
    // One row of bars per operator, in the API's order.
    const bars = await page.$$eval(".pair-rows .pair-label", (labels) =>
      labels.map((l) => l.textContent),
    );
    expect(bars).toEqual(api.operators.map((o: { operator: string }) => o.operator));
    const check = await checkView(page, "crawl-to-refer");
    expect(check.violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
