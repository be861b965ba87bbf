// A real SMTP server (the smtp-server package) on loopback for mail tests: it accepts one account,
// refuses other credentials, and keeps every received message raw.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; data: string };

export async function startSmtpServer(user: string, pass: string) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user });
      else cb(new Error("invalid credentials"));
    },
    onData(stream, session, cb) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString()));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The decoded bodies of every MIME part (quoted-printable or base64), joined: enough to read a mail. */
export function decodeMimeParts(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join("\n");
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, "base64").toString("utf8");
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        return Buffer.from(bytes, "latin1").toString("utf8");
      }
      return body;
    })
    .join("\n");
}
