import type { Page } from "puppeteer-core";

/**
 * Catches what the page hands to the browser as a download (an `<a download>` click on a Blob
 * URL, as the "Export CSV" buttons do) and reads the file's text, instead of saving it:
 * `next()` resolves with the next one.
 */
export async function catchDownloads(page: Page) {
  await page.evaluate(`(() => {
    window.__downloads = [];
    // The Blob itself (the page's CSP does not let a script fetch blob: URLs).
    const blobs = new Map();
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob) => {
      const url = create.call(URL, blob);
      blobs.set(url, blob);
      return url;
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      const blob = blobs.get(this.href);
      if (!this.download || !blob) return click.call(this);
      const name = this.download;
      window.__downloads.push(blob.text().then((text) => ({ name, text })));
    };
  })()`);
  let taken = 0;
  return {
    async next(): Promise<{ name: string; text: string }> {
      await page.waitForFunction(`window.__downloads.length > ${taken}`);
      return (await page.evaluate(`window.__downloads[${taken++}]`)) as {
        name: string;
        text: string;
      };
    },
  };
}
