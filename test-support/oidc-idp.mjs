// A real OpenID Connect provider for the OAuth tests: oidc-provider (ESM only) on loopback, with
// its development login and consent pages (any login name signs in as that account; any password).
// Accounts answer sub = login name, preferred_username, name, and a verified e-mail; `accounts`
// overrides those claims per login name.
//   import { startOidcIdp } from "./oidc-idp.mjs"      (the browser specs)
//   node test-support/oidc-idp.mjs '<json options>' (the Jest API tests: prints {"issuer":...}
//   on its first stdout line and runs until stdin closes)
import http from "node:http";
import { fileURLToPath } from "node:url";
import Provider from "oidc-provider";

/**
 * @param {{ port?: number, clients: object[], accounts?: Record<string, Record<string, unknown>> }} options
 */
export async function startOidcIdp({ port = 0, clients, accounts = {} }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients,
    cookies: { keys: ["oidc-idp-test-cookie-key"] },
    claims: {
      openid: ["sub"],
      profile: ["name", "preferred_username"],
      email: ["email", "email_verified"],
    },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        preferred_username: id,
        name: `OIDC ${id}`,
        email: `${id}@idp.example`,
        email_verified: true,
        ...accounts[id],
      }),
    }),
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const idp = await startOidcIdp(JSON.parse(process.argv[2] ?? "{}"));
  process.stdout.write(`${JSON.stringify({ issuer: idp.issuer, wellKnown: idp.wellKnown })}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => void idp.close().then(() => process.exit(0)));
}
