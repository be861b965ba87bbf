import { isHttpUrl } from "@/lib/http-url";
import { authorizeUrl, oauthRedirectUri } from "@/modules/auth/oauth-providers";
import { basicAuth } from "@/modules/auth/server/oauth-providers/basic-auth";
import { publicOrigin } from "@/modules/auth/server/oauth-providers/public-origin";
import { resetEnvForTests } from "@/lib/env";

const config = {
  github_client_id: "gh",
  linuxdo_client_id: "ldo",
  oidc_client_id: "oid",
  oidc_authorization_endpoint: "https://idp.example/authorize?tenant=1",
};

test("OIDC URLs must start with http:// or https://", () => {
  expect(isHttpUrl("https://idp.example/.well-known/openid-configuration")).toBe(true);
  expect(isHttpUrl("http://10.0.0.5:8080/realms/x")).toBe(true);
  for (const bad of ["", "idp.example", "ftp://idp.example", "javascript:alert(1)", "//idp.example", "https://"]) {
    expect(isHttpUrl(bad)).toBe(false);
  }
});

test("authorization URLs carry the client id, the fixed redirect URI and the state", () => {
  const gh = new URL(authorizeUrl("github", config, "S1", "https://console.example/")!);
  expect(gh.origin + gh.pathname).toBe("https://github.com/login/oauth/authorize");
  expect(Object.fromEntries(gh.searchParams)).toEqual({
    client_id: "gh",
    scope: "user:email",
    redirect_uri: "https://console.example/oauth/github",
    state: "S1",
  });
  const ldo = new URL(authorizeUrl("linuxdo", config, "S2", "https://console.example")!);
  expect(ldo.origin + ldo.pathname).toBe("https://connect.linux.do/oauth2/authorize");
  expect(ldo.searchParams.get("response_type")).toBe("code");
  const oidc = new URL(authorizeUrl("oidc", config, "S3", "https://console.example")!);
  expect(oidc.searchParams.get("tenant")).toBe("1"); // the endpoint's own query is kept
  expect(oidc.searchParams.get("scope")).toBe("openid profile email");
  expect(oauthRedirectUri("http://a.example//", "oidc")).toBe("http://a.example/oauth/oidc");
});

test("no authorization URL without a client id or with a non-http(s) OIDC endpoint", () => {
  expect(authorizeUrl("github", { ...config, github_client_id: "" }, "S", "https://c.example")).toBeNull();
  expect(
    authorizeUrl("oidc", { ...config, oidc_authorization_endpoint: "ftp://x" }, "S", "https://c.example"),
  ).toBeNull();
});

test("Basic client authentication form-encodes the id and secret first (RFC 6749 §2.3.1)", () => {
  expect(basicAuth("id", "s:e cr%t")).toBe(`Basic ${Buffer.from("id:s%3Ae+cr%25t").toString("base64")}`);
});

describe("publicOrigin (the redirect_uri's origin)", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    // fixed secrets: env() must not generate (and write) its own
    process.env = { ...saved, NODE_ENV: "test", SESSION_SECRET: "s".repeat(32), CRYPTO_SECRET: "c".repeat(32) };
    resetEnvForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvForTests();
  });
  const headers = new Headers({
    host: "console.example",
    "x-forwarded-host": "public.example",
    "x-forwarded-proto": "https",
  });

  test("the Host header and request scheme by default; forwarded values are ignored", () => {
    Object.assign(process.env, { TRUST_PROXY: "false", SESSION_COOKIE_SECURE: "false" });
    resetEnvForTests();
    expect(publicOrigin(headers, new URL("http://internal:3000/api/oauth/oidc"))).toBe("http://console.example");
  });

  test("behind a trusted proxy the forwarded host and scheme; HTTPS deployments are https", () => {
    Object.assign(process.env, { TRUST_PROXY: "true" });
    resetEnvForTests();
    expect(publicOrigin(headers, new URL("http://internal:3000/x"))).toBe("https://public.example");
    Object.assign(process.env, { TRUST_PROXY: "false", SESSION_COOKIE_SECURE: "true" });
    resetEnvForTests();
    expect(publicOrigin(headers, new URL("http://internal:3000/x"))).toBe("https://console.example");
  });
});
