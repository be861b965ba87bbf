// A loopback Volcengine visual API (Jimeng video) for the video task relay tests. Every call's
// signature is recomputed here from the received request (written from Volcengine's documented
// scheme, not from the gateway's signer): Credential's access key and scope, X-Date within 5 minutes,
// X-Content-Sha256 equal to the body's hash, SignedHeaders covering host and x-date, the signature
// over method, path, sorted query, those headers and the body hash; else 401 {code: 100010}.
//   POST /?Action=CVSync2AsyncSubmitTask&Version=2022-08-31 {req_key, prompt, ...} -> {code: 10000, data: {task_id}};
//        a prompt containing "refuse" -> 400 {code: 50411, message: "Pre Img Risk Not Pass"}
//   POST /?Action=CVSync2AsyncGetResult&Version=2022-08-31 {req_key, task_id} -> in_queue -> generating
//        -> done (video_url: <mock>/files/<id>.mp4), or code 50412 when the prompt has "fail"
//   GET  /files/<id>.mp4 -> the video bytes, no auth
import crypto from "node:crypto";
import http from "node:http";
import { listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type JimengSeen = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};
export type MockJimeng = { url: string; requests: JimengSeen[]; ids: string[]; close: () => Promise<void> };

export const JIMENG_VIDEO = Buffer.from("jimeng-mp4-bytes-".repeat(2048));

const hex = (d: string | Buffer) => crypto.createHash("sha256").update(d).digest("hex");
const mac = (k: string | Buffer, d: string) => crypto.createHmac("sha256", k).update(d).digest();

function signatureValid(req: http.IncomingMessage, raw: Buffer, ak: string, sk: string): boolean {
  const m =
    /^HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/cn-north-1\/cv\/request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ""),
    );
  if (!m || m[1] !== ak) return false;
  const [, , day, signedHeaders, signature] = m;
  const xDate = String(req.headers["x-date"] ?? "");
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(xDate);
  if (!when || !xDate.startsWith(day!)) return false;
  const at = Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!);
  if (Math.abs(Date.now() - at) > 5 * 60_000) return false;
  if (req.headers["x-content-sha256"] !== hex(raw)) return false;
  const names = signedHeaders!.split(";");
  if (!names.includes("host") || !names.includes("x-date")) return false;
  const url = new URL(req.url ?? "/", "http://mock");
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&");
  const headerLines = names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join("");
  const canonical = `${req.method}\n${url.pathname}\n${query}\n${headerLines}\n${signedHeaders}\n${hex(raw)}`;
  const scope = `${day}/cn-north-1/cv/request`;
  const key = mac(mac(mac(mac(sk, day!), "cn-north-1"), "cv"), "request");
  const expected = crypto
    .createHmac("sha256", key)
    .update(`HMAC-SHA256\n${xDate}\n${scope}\n${hex(canonical)}`)
    .digest("hex");
  return expected === signature;
}

export async function startMockJimeng(ak: string, sk: string): Promise<MockJimeng> {
  const requests: JimengSeen[] = [];
  const ids: string[] = [];
  const jobs = new Map<string, { prompt: string; polls: number }>();
  let url = "";
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts);
      const u = new URL(req.url ?? "/", "http://mock");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw.toString() || "{}") as Record<string, unknown>;
      } catch {
        body = {};
      }
      const query = Object.fromEntries(u.searchParams.entries());
      requests.push({ method: req.method ?? "", path: u.pathname, query, headers: req.headers, body });
      const file = /^\/files\/([^/]+)\.mp4$/.exec(u.pathname);
      if (file && jobs.has(file[1]!)) {
        res.writeHead(200, { "content-type": "video/mp4", "content-length": JIMENG_VIDEO.length });
        return res.end(JIMENG_VIDEO);
      }
      if (!signatureValid(req, raw, ak, sk))
        return json(res, 401, { code: 100010, message: "SignatureDoesNotMatch", data: null });
      if (req.method !== "POST" || u.pathname !== "/" || query.Version !== "2022-08-31")
        return json(res, 404, { code: 100004, message: "InvalidActionOrVersion", data: null });
      if (query.Action === "CVSync2AsyncSubmitTask") {
        const prompt = String(body.prompt ?? "");
        if (prompt.includes("refuse"))
          return json(res, 400, { code: 50411, message: "Pre Img Risk Not Pass", data: null });
        const id = `${7392616336519610409n + BigInt(ids.length)}`;
        ids.push(id);
        jobs.set(id, { prompt, polls: 0 });
        return json(res, 200, { code: 10000, message: "Success", request_id: `r${id}`, data: { task_id: id } });
      }
      const job = query.Action === "CVSync2AsyncGetResult" ? jobs.get(String(body.task_id ?? "")) : undefined;
      if (!job) return json(res, 200, { code: 10000, message: "Success", data: { status: "not_found" } });
      const n = job.polls++;
      if (n >= 2 && job.prompt.includes("fail"))
        return json(res, 200, { code: 50412, message: "Text Risk Not Pass", data: null });
      const status = n === 0 ? "in_queue" : n === 1 ? "generating" : "done";
      return json(res, 200, {
        code: 10000,
        message: "Success",
        data: { status, video_url: status === "done" ? `${url}/files/${String(body.task_id)}.mp4` : "" },
      });
    });
  });
  const l = await listenLoopback(server);
  url = l.url;
  return { url, requests, ids, close: l.close };
}
