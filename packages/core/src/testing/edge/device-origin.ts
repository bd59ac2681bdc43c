import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** The device a User-Agent names, as dynamic-serving sites tell phones apart. */
export type Device = "mobile" | "desktop";

const deviceOf = (headers: IncomingHttpHeaders): Device =>
  /Mobile|Android|iPhone/.test(headers["user-agent"] ?? "") ? "mobile" : "desktop";

/**
 * A real HTTP origin on loopback that serves phones other HTML (dynamic serving): `/device`
 * answers "Mobile page" or "Desktop page" by User-Agent, with a version per device that grows
 * on every fetch, and a script that writes the window's width into the page (a renderer that
 * runs scripts shows the screen it laid the page out on). Every request's device is recorded.
 */
export async function startDeviceOrigin() {
  const requests: { path: string; device: Device }[] = [];
  const versions: Record<Device, number> = { mobile: 0, desktop: 0 };
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    const device = deviceOf(req.headers);
    requests.push({ path, device });
    versions[device] += 1;
    const title = device === "mobile" ? "Mobile page" : "Desktop page";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>${title}</title>` +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        `<body><h1>${title}</h1><p>version ${versions[device]}</p><p id="width"></p>` +
        '<script>document.getElementById("width").textContent = "width " + window.innerWidth;</script>' +
        "</body></html>",
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The domain's `originUrl`. */
    originUrl: `http://127.0.0.1:${port}`,
    /** The devices that fetched `path`, oldest first. */
    devicesFor: (path: string) => requests.filter((r) => r.path === path).map((r) => r.device),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type DeviceOrigin = Awaited<ReturnType<typeof startDeviceOrigin>>;
