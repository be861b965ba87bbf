// A fake EPay gateway on loopback (node:http) and a bridge that serves one route module over real
// HTTP, for modules/wallet/__tests__/topup.test.ts. The gateway signs and verifies with its OWN MD5 code (not
// the server's module), so both sides must agree on the scheme independently.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { CLIENT_IP_HEADER } from "@/lib/server/client-ip";

type Fields = Record<string, string>;

export function gatewaySign(fields: Fields, key: string): string {
  const text = Object.entries(fields)
    .filter(([k, v]) => k !== "sign" && k !== "sign_type" && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return createHash("md5")
    .update(text + key)
    .digest("hex");
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export type FakeEpay = {
  url: string;
  /** Orders received at /submit.php with a valid signature, by out_trade_no. */
  orders: Map<string, Fields>;
  /** Submissions refused because of a bad signature or merchant id. */
  refused: number;
  /** The signed notice the gateway would send for an order (override fields to forge or tamper). */
  notice: (tradeNo: string, overrides?: Fields, sign?: boolean) => Fields;
  /** Sends a notice to the order's notify_url (POST form, or GET query) and returns the reply text. */
  notify: (tradeNo: string, fields: Fields, method?: "POST" | "GET") => Promise<{ status: number; text: string }>;
  close: () => Promise<void>;
};

export async function startFakeEpay(pid: string, key: string): Promise<FakeEpay> {
  const orders = new Map<string, Fields>();
  let tradeCounter = 0;
  const state = { refused: 0 };
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === "POST" && req.url === "/submit.php") {
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (fields.pid !== pid || fields.sign !== gatewaySign(fields, key) || fields.sign_type !== "MD5") {
        state.refused++;
        res.writeHead(400).end("bad sign");
        return;
      }
      orders.set(fields.out_trade_no!, fields);
      res.writeHead(200, { "content-type": "text/plain" }).end(`order ${fields.out_trade_no} ${fields.money}`);
      return;
    }
    res.writeHead(404).end();
  });
  const url = await listen(server);

  const notice = (tradeNo: string, overrides: Fields = {}, sign = true): Fields => {
    const order = orders.get(tradeNo);
    if (!order) throw new Error(`the gateway has no order ${tradeNo}`);
    const fields: Fields = {
      pid,
      trade_no: `EP${++tradeCounter}`,
      out_trade_no: tradeNo,
      type: order.type!,
      name: order.name!,
      money: order.money!,
      trade_status: "TRADE_SUCCESS",
      ...overrides,
    };
    return sign ? { ...fields, sign: gatewaySign(fields, key), sign_type: "MD5" } : fields;
  };

  const notify = async (tradeNo: string, fields: Fields, method: "POST" | "GET" = "POST") => {
    const target = new URL(orders.get(tradeNo)?.notify_url ?? "");
    const form = new URLSearchParams(fields).toString();
    const res =
      method === "GET"
        ? await fetch(`${target.toString()}?${form}`)
        : await fetch(target, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: form,
          });
    return { status: res.status, text: await res.text() };
  };

  return {
    url,
    orders,
    get refused() {
      return state.refused;
    },
    notice,
    notify,
    close: () => close(server),
  };
}

/** Submits an order's form to the gateway, as the browser does; answers the order's trade no. */
export async function submitOrderForm(answer: { url: string; data: Record<string, string> }): Promise<string> {
  const submitted = await fetch(answer.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(answer.data).toString(),
  });
  if (submitted.status !== 200) throw new Error(`the gateway refused the order form: ${submitted.status}`);
  return answer.data.out_trade_no!;
}

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Serves `handlers[method]` of a route module at any path over loopback HTTP, as Next would. */
export async function startRouteBridge(
  handlers: Record<string, unknown>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const handler = handlers[req.method ?? "GET"] as Handler | undefined;
    if (!handler) {
      res.writeHead(405).end();
      return;
    }
    const body = await readBody(req);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    headers.set(CLIENT_IP_HEADER, "127.0.0.1");
    const request = new NextRequest(new URL(req.url ?? "/", "http://127.0.0.1"), {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const response = await handler(request, { params: Promise.resolve({}) });
    res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "text/plain" });
    res.end(await response.text());
  });
  const url = await listen(server);
  return { url, close: () => close(server) };
}
