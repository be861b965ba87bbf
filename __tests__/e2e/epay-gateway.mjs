// A fake EPay (易支付) gateway on loopback for the top-up browser spec (45-topup). Not a spec itself.
// POST /submit.php checks the order's signature (its own MD5 code, independent of the server's)
// and shows the order with a Pay button; Pay makes the gateway POST a correctly signed notice to
// the order's notify_url (server to server) and then redirects the browser to return_url.
import { createHash } from "node:crypto";
import http from "node:http";

export function epaySign(fields, key) {
  const text = Object.entries(fields)
    .filter(([k, v]) => k !== "sign" && k !== "sign_type" && v !== "" && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return createHash("md5")
    .update(text + key)
    .digest("hex");
}

const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function page(title, body) {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#666}button{padding:10px 24px;font-size:16px}</style>
</head><body>${body}</body></html>`;
}

/** Starts the gateway; `notices` records every notice sent and the server's reply. */
export async function startFakeEpay({ pid, key }) {
  const orders = new Map();
  const notices = [];
  let counter = 0;
  const server = http.createServer(async (req, res) => {
    try {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      if (req.method === "POST" && req.url === "/submit.php") {
        if (form.pid !== pid || form.sign_type !== "MD5" || form.sign !== epaySign(form, key)) {
          res.writeHead(400, { "content-type": "text/html; charset=utf-8" }).end(page("bad sign", "<h1>签名错误</h1>"));
          return;
        }
        orders.set(form.out_trade_no, form);
        const rows = ["out_trade_no", "name", "type", "money"]
          .map((k) => `<dt>${k}</dt><dd data-testid="gateway-${k}">${escapeHtml(form[k])}</dd>`)
          .join("");
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
          page(
            "Fake EPay",
            `<h1>Fake EPay checkout</h1><dl>${rows}</dl>
<form method="post" action="/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(form.out_trade_no)}">
<button type="submit" data-testid="gateway-pay">Pay ¥${escapeHtml(form.money)}</button></form>`,
          ),
        );
        return;
      }
      if (req.method === "POST" && req.url === "/pay") {
        const order = orders.get(form.out_trade_no);
        if (!order) {
          res.writeHead(404).end("no such order");
          return;
        }
        const notice = {
          pid,
          trade_no: `FAKE${Date.now()}${++counter}`,
          out_trade_no: order.out_trade_no,
          type: order.type,
          name: order.name,
          money: order.money,
          trade_status: "TRADE_SUCCESS",
        };
        const signed = { ...notice, sign: epaySign(notice, key), sign_type: "MD5" };
        const reply = await fetch(order.notify_url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(signed).toString(),
        }).then((r) => r.text());
        notices.push({ fields: signed, reply });
        if (reply !== "success") {
          res
            .writeHead(502, { "content-type": "text/html; charset=utf-8" })
            .end(page("notify failed", `<h1>${escapeHtml(reply)}</h1>`));
          return;
        }
        const back = new URL(order.return_url);
        for (const [k, v] of Object.entries(signed)) back.searchParams.set(k, v);
        res.writeHead(302, { location: back.toString() }).end();
        return;
      }
      res.writeHead(404).end();
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, orders, notices, close: () => new Promise((resolve) => server.close(resolve)) };
}
