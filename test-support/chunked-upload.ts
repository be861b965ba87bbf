// A client that uploads a large chunked body without Content-Length (review 3, N3), for the console
// API's body limit: it stops once an answer arrives or the connection closes, and says how much it
// got out.
import net from "node:net";

export type Outcome = { status: number; head: string; body: string; sent: number; closed: boolean };

/**
 * Sends up to `total` bytes of spaces as a chunked body (64 KB chunks, waiting for the socket to take
 * each), stopping once an answer arrives or the connection closes; then waits (5 s at most) for the
 * server to close the connection.
 */
export async function sendChunked(
  base: string,
  method: string,
  path: string,
  total: number,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  let closed = false;
  // closed by the server: its FIN after the answer, or a reset
  const closing = new Promise<void>((resolve) => {
    const done = () => ((closed = true), resolve());
    socket.once("end", done).once("close", done);
  });
  socket.on("error", () => undefined);
  const parts: Buffer[] = [];
  socket.on("data", (d: Buffer) => {
    parts.push(d);
    received += d.toString("latin1");
  });
  const head = Object.entries({ host: "localhost", "content-type": "application/json", ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  socket.write(`${method} ${path} HTTP/1.1\r\n${head}transfer-encoding: chunked\r\n\r\n`);
  const chunk = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 0x20), Buffer.from("\r\n")]);
  let sent = 0;
  while (sent < total && !closed && !received.includes("\r\n\r\n")) {
    const wrote = socket.write(chunk);
    sent += 0x10000;
    if (!wrote)
      await Promise.race([
        new Promise((resolve) => socket.once("drain", resolve)),
        closing,
        new Promise((resolve) => socket.once("data", resolve)),
      ]);
  }
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
  const text = Buffer.concat(parts).toString("utf8");
  const end = text.indexOf("\r\n\r\n");
  return { status, head: text.slice(0, end + 2), body: text.slice(end + 4), sent, closed };
}
