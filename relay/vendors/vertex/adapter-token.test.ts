// Issue 20: Vertex service-account keys -> a signed RS256 JWT exchanged for an access token, cached
// per key until a minute before expiry; the token URL goes through the outbound address guard.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import {
  VERTEX_SCOPE,
  clearVertexTokens,
  parseServiceAccount,
  vertexAccessToken,
} from "@/relay/vendors/vertex/adapter-token";
import { vertexFormatOf, vertexRegion } from "@/relay/vendors/vertex/adapter";

let server: http.Server;
let url = "";
let publicPem = "";
let privatePem = "";
let hits = 0;
let verified: Record<string, unknown>[] = [];

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  publicPem = await exportSPKI(publicKey);
  privatePem = await exportPKCS8(privateKey);
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", async () => {
      hits++;
      const form = new URLSearchParams(body);
      try {
        const { payload } = await jwtVerify(form.get("assertion") ?? "", await importSPKI(publicPem, "RS256"), {
          audience: url,
          issuer: "sa@p.iam.gserviceaccount.com",
        });
        verified.push(payload as Record<string, unknown>);
        res.end(JSON.stringify({ access_token: `tok-${hits}`, expires_in: 120, token_type: "Bearer" }));
      } catch {
        res.statusCode = 400;
        res.end('{"error":"invalid_grant"}');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  clearVertexTokens();
  hits = 0;
  verified = [];
});

const sa = () =>
  parseServiceAccount(
    JSON.stringify({
      client_email: "sa@p.iam.gserviceaccount.com",
      private_key: privatePem,
      project_id: "p",
      token_uri: url,
    }),
  );
const io = (allowPrivate = true) => ({ signal: AbortSignal.timeout(10_000), allowPrivate });

test("the token exchange sends a valid RS256 JWT (scope, aud = token_uri) and the token is cached", async () => {
  let t = 1_000_000;
  const now = () => t;
  expect(await vertexAccessToken(sa(), io(), now)).toBe("tok-1");
  expect(verified[0]).toMatchObject({ scope: VERTEX_SCOPE, aud: url });
  t += 30_000;
  expect(await vertexAccessToken(sa(), io(), now)).toBe("tok-1");
  expect(hits).toBe(1);
  // expires_in 120 s: refreshed a minute early, i.e. after 60 s.
  t += 31_000;
  expect(await vertexAccessToken(sa(), io(), now)).toBe("tok-2");
  expect(hits).toBe(2);
});

test("concurrent requests share one exchange; a refused exchange is not cached", async () => {
  const [a, b] = await Promise.all([vertexAccessToken(sa(), io()), vertexAccessToken(sa(), io())]);
  expect([a, b]).toEqual(["tok-1", "tok-1"]);
  expect(hits).toBe(1);
  const wrongKey = (await generateKeyPair("RS256", { extractable: true })).privateKey;
  const bad = { ...sa(), private_key: await exportPKCS8(wrongKey), client_email: "other@x" };
  await expect(vertexAccessToken(bad, io())).rejects.toThrow(/HTTP 400/);
  await expect(vertexAccessToken(bad, io())).rejects.toThrow(/HTTP 400/);
  expect(hits).toBe(3);
});

test("a loopback token URL is refused when private channel addresses are not allowed", async () => {
  await expect(vertexAccessToken(sa(), io(false))).rejects.toThrow();
  expect(hits).toBe(0);
});

test("keys without client_email/private_key are refused; region and dialect per model", () => {
  expect(() => parseServiceAccount("not json")).toThrow();
  expect(() => parseServiceAccount('{"client_email":"a"}')).toThrow();
  expect(parseServiceAccount(JSON.stringify({ client_email: "a", private_key: "k" })).token_uri).toBe(
    "https://oauth2.googleapis.com/token",
  );
  expect(vertexRegion("", "m")).toBe("global");
  expect(vertexRegion("us-east5", "m")).toBe("us-east5");
  expect(vertexRegion('{"default":"us-central1","claude-x":"us-east5"}', "claude-x")).toBe("us-east5");
  expect(vertexRegion('{"default":"us-central1"}', "gemini")).toBe("us-central1");
  expect(vertexFormatOf("claude-sonnet-4")).toBe("claude");
  expect(vertexFormatOf("gemini-2.5-pro")).toBe("gemini");
});
