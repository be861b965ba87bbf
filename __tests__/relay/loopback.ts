// Starts a test server on a free loopback port; `close` also drops kept-alive connections.
import type http from "node:http";
import type { AddressInfo } from "node:net";

export async function listenLoopback(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
