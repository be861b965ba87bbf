// discardBody: stopping an undici body midway emits RequestAbortedError a tick later; the helper
// must have a listener in place, or that event is an uncaught exception (it crashed the server when
// a channel's model list answered with a redirect).
import http from "node:http";
import { request } from "undici";
import { discardBody } from "@/lib/server/net/discard-body";

test("a body left unread emits its abort error to a listener, not as an uncaught exception", async () => {
  // A channel's model list answering with a redirect (which is never followed).
  const server = http.createServer((_req, res) => {
    res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const res = await request(`http://127.0.0.1:${(server.address() as { port: number }).port}/`, {
      signal: AbortSignal.timeout(10_000), // as upstream-get.ts asks (the error comes with a signal)
    });
    // Records the 'error' emissions without listening (a listener of ours would hide the bug).
    const emitted: unknown[] = [];
    const emit = res.body.emit.bind(res.body);
    res.body.emit = ((event: string, ...args: unknown[]) => {
      if (event === "error") emitted.push((args[0] as { code?: string }).code);
      return emit(event, ...args);
    }) as typeof res.body.emit;
    discardBody(res.body);
    await new Promise((r) => res.body.on("close", r));
    expect(emitted).toEqual(["UND_ERR_ABORTED"]);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
