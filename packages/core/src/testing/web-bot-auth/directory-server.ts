import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DIRECTORY_MEDIA_TYPE } from "../../verify/web-bot-auth/directory-fetch.js";
import { DIRECTORY_PATH } from "../../verify/web-bot-auth/directory-url.js";
import { createTestAgent, directoryJson, type TestAgent } from "./test-agent.js";

/** A key directory served over plain HTTP on loopback (a trusted origin in tests). */
export interface DirectoryServer {
  /** `http://127.0.0.1:<port>`: the origin of `agent`. */
  origin: string;
  /** The agent whose key the directory lists. */
  agent: TestAgent;
  /** Directory requests served so far. */
  hits(): number;
  close(): Promise<void>;
}

/** Starts a loopback directory listing one fresh agent's key (404 for any other path). */
export async function startDirectoryServer(): Promise<DirectoryServer> {
  let agent: TestAgent | null = null;
  let hits = 0;
  const server: Server = createServer((req, res) => {
    if (req.url !== DIRECTORY_PATH || agent === null) {
      res.writeHead(404).end("not found");
      return;
    }
    hits++;
    res
      .writeHead(200, { "content-type": DIRECTORY_MEDIA_TYPE, "cache-control": "max-age=3600" })
      .end(directoryJson([agent]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent = await createTestAgent(origin);
  return {
    origin,
    agent,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
