// Loopback upstreams and page steps for the drawing and task log specs (75, 76): a PNG maker, a
// midjourney-proxy mock, an SVG image server, and closing a dialog.
import http from "node:http";
import zlib from "node:zlib";

/** A solid-colour PNG of the given size (node:zlib for the data, CRC-32 by hand). */
export function png(width, height, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A loopback midjourney-proxy (the protocol of __tests__/relay/mock-midjourney.ts):
 * POST /mj/submit/imagine -> {code:1, result:<id>}; POST /mj/task/list-by-condition {ids} -> the
 * tasks, IN_PROGRESS 50% while `held`, then SUCCESS 100% with imageUrl /img/<id>.png, or FAILURE
 * with `failReason` when the prompt contains "fail"; GET /img/<id>.png -> a PNG. Every request is
 * recorded.
 */
export function startMockMidjourney({ failReason }) {
  const image = png(96, 64, [99, 102, 241]);
  const tasks = new Map();
  const requests = [];
  const state = { held: true, url: "" };
  const json = (res, body) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const view = (id, t) => {
    const base = { id, action: "IMAGINE", prompt: t.prompt, promptEn: `${t.prompt} (en)`, description: "" };
    if (state.held) return { ...base, status: "IN_PROGRESS", progress: "50%", startTime: t.submitted + 1000 };
    if (t.prompt.includes("fail")) return { ...base, status: "FAILURE", progress: "", failReason };
    return {
      ...base,
      status: "SUCCESS",
      progress: "100%",
      startTime: t.submitted + 1000,
      finishTime: t.submitted + 12_000,
      imageUrl: `${state.url}/img/${id}.png`,
    };
  };
  const server = http.createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString() || "{}");
      } catch {
        // keep {}
      }
      const path = (req.url ?? "/").split("?")[0];
      requests.push({ method: req.method, path, secret: req.headers["mj-api-secret"], body });
      if (req.method === "GET" && /^\/img\/[\w-]+\.png$/.test(path)) {
        res.writeHead(200, { "content-type": "image/png", "content-length": image.length });
        return res.end(image);
      }
      if (req.method === "POST" && path === "/mj/submit/imagine") {
        const id = `e2e76${tasks.size + 1}${Date.now() % 100000}`;
        tasks.set(id, { prompt: String(body.prompt ?? ""), submitted: Date.now() });
        return json(res, { code: 1, description: "提交成功", result: id, properties: { discordInstanceId: "1" } });
      }
      if (req.method === "POST" && path === "/mj/task/list-by-condition") {
        const ids = Array.isArray(body.ids) ? body.ids : [];
        return json(
          res,
          ids.filter((id) => tasks.has(id)).map((id) => view(id, tasks.get(id))),
        );
      }
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"error":"not found"}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      state.url = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url: state.url,
        requests,
        imageSize: { width: 96, height: 64 },
        release: () => (state.held = false),
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}

/** A loopback image for the preview (the e2e machine has no internet). */
export function startImageServer() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160"><rect width="240" height="160" fill="#6366f1"/>' +
    '<circle cx="120" cy="80" r="50" fill="#fbbf24"/></svg>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "image/svg+xml" });
    res.end(svg);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server })),
  );
}

/** Escape, then wait until the dialog is gone. */
export async function closeDialog(page) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}
