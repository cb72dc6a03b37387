import type { Server } from "node:http";

/**
 * Stops accepting connections and resolves once every request in flight has been answered.
 * server.close() alone waits for keep-alive connections too, which a browser or a proxy may
 * hold open for minutes, so connections are closed as soon as they turn idle.
 */
export const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.once("close", () => clearInterval(sweep));
  });
