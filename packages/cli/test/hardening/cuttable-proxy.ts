import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of a server the tests must not stop (the shared PostgreSQL): `cut()`
 * drops every connection and refuses new ones, as if the database disappeared; `hold()` stops
 * forwarding (queries hang mid-request); `restore()` accepts and forwards again.
 */
export interface CuttableProxy {
  port: number;
  hold(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(
  targetHost: string,
  targetPort: number,
): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  let held = false;
  let server: Server | null = null;
  let port = 0;

  function open(): Promise<void> {
    const s = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on("data", (chunk) => {
        if (!held) upstream.write(chunk);
      });
      upstream.on("data", (chunk) => {
        if (!held) client.write(chunk);
      });
      client.on("end", () => upstream.end());
      upstream.on("end", () => client.end());
    });
    server = s;
    return new Promise((resolve) =>
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as { port: number }).port;
        resolve();
      }),
    );
  }

  function shut(): Promise<void> {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    return new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }

  await open();
  return {
    get port() {
      return port;
    },
    hold() {
      held = true;
    },
    cut: shut,
    async restore() {
      held = false;
      if (!server) await open();
    },
    close: shut,
  };
}
