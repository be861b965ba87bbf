// The SSRF guard of user-supplied webhook URLs (lib/server/net): address policy, URL checks with an
// injected resolver (no network needed), and safeFetch against loopback servers (redirects are not
// followed, the connection is pinned to the checked address, timeouts and refusals happen early).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isAllowedAddress } from "@/lib/server/net/address-policy";
import { checkOutboundUrl, type Resolver } from "@/lib/server/net/outbound-url";
import { OutboundRefused, safeFetch } from "@/lib/server/net/safe-fetch";

const STRICT = { allowLoopback: false };
const TEST_MODE = { allowLoopback: true };

describe("isAllowedAddress", () => {
  test.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::", "IPv6 unspecified"],
    ["::1", "IPv6 loopback"],
    ["fe80::1", "IPv6 link-local"],
    ["fc00::1", "IPv6 unique-local"],
    ["fd12:3456::1", "IPv6 unique-local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["::ffff:0:7f00:1", "IPv4-translated"],
    ["::7f00:1", "IPv4-compatible loopback"],
    ["::a00:1", "IPv4-compatible private"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:db8::1", "documentation"],
    ["fec0::1", "deprecated site-local"],
    ["not-an-ip", "garbage"],
    ["", "empty"],
  ])("refuses %s (%s)", (ip) => {
    expect(isAllowedAddress(ip, STRICT)).toBe(false);
  });

  test.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"])(
    "allows the public address %s",
    (ip) => {
      expect(isAllowedAddress(ip, STRICT)).toBe(true);
    },
  );

  test("IPv4-mapped public addresses are judged as their IPv4", () => {
    expect(isAllowedAddress("::ffff:8.8.8.8", STRICT)).toBe(true);
  });

  test("the test-only mode adds loopback and nothing else", () => {
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(isAllowedAddress(ip, TEST_MODE)).toBe(true);
    for (const ip of ["10.0.0.1", "192.168.0.1", "169.254.169.254", "fc00::1", "0.0.0.0", "::"])
      expect(isAllowedAddress(ip, TEST_MODE)).toBe(false);
  });
});

/** A resolver that answers from a table and records what it was asked. */
function fakeResolver(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const fn = async (host: string) => {
    asked.push(host);
    const answers = table[host];
    if (!answers) throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    return answers.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));
  };
  return Object.assign(fn, { asked });
}

describe("checkOutboundUrl", () => {
  const resolver = fakeResolver({
    "hooks.example.com": ["93.184.216.34"],
    "v6.example.com": ["2606:4700:4700::1111"],
    "internal.example.com": ["10.1.2.3"],
    "mixed.example.com": ["93.184.216.34", "127.0.0.1"],
    "metadata.example.com": ["169.254.169.254"],
    "mapped.example.com": ["::ffff:192.168.0.10"],
    "empty.example.com": [],
  });
  const check = (url: string, policy = STRICT) => checkOutboundUrl(url, policy, resolver);

  test("a public https URL passes and answers the address to pin", async () => {
    const r = await check("https://hooks.example.com/notify?x=1");
    expect(r).toMatchObject({ ok: true, host: "hooks.example.com", address: { address: "93.184.216.34", family: 4 } });
    expect(await check("https://v6.example.com/")).toMatchObject({ ok: true, address: { family: 6 } });
  });

  test("http, other schemes and garbage are refused", async () => {
    expect(await check("http://hooks.example.com/")).toEqual({ ok: false, reason: "https_required" });
    expect(await check("ftp://hooks.example.com/")).toEqual({ ok: false, reason: "invalid_url" });
    expect(await check("file:///etc/passwd")).toEqual({ ok: false, reason: "invalid_url" });
    expect(await check("not a url")).toEqual({ ok: false, reason: "invalid_url" });
    expect(await check("https://user:pw@hooks.example.com/")).toEqual({ ok: false, reason: "credentials" });
  });

  test.each([
    "https://127.0.0.1/",
    "https://2130706433/", // decimal
    "https://0x7f000001/", // hex
    "https://0x7f.1/", // mixed short form
    "https://017700000001/", // octal
    "https://0177.0.0.1/", // octal dotted
    "https://127.1/", // short form
    "https://0/", // 0.0.0.0
    "https://10.0.0.1:8443/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://100.64.1.1/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[0:0:0:0:0:ffff:a00:1]/",
    "https://[fd00::1]/",
    "https://[fe80::1]/",
    "https://[64:ff9b::a00:1]/",
  ])("refuses the private literal %s without a DNS lookup", async (url) => {
    const before = resolver.asked.length;
    expect(await check(url)).toEqual({ ok: false, reason: "private_address" });
    expect(resolver.asked.length).toBe(before);
  });

  test("host names resolving to private addresses are refused (any bad answer refuses)", async () => {
    for (const host of ["internal", "mixed", "metadata", "mapped"])
      expect(await check(`https://${host}.example.com/`)).toEqual({ ok: false, reason: "private_address" });
  });

  test("unresolvable names are refused", async () => {
    expect(await check("https://nowhere.example.com/")).toEqual({ ok: false, reason: "unresolvable" });
    expect(await check("https://empty.example.com/")).toEqual({ ok: false, reason: "unresolvable" });
  });

  test("the test-only mode allows http and loopback, still not private ranges", async () => {
    expect(await check("http://127.0.0.1:9/x", TEST_MODE)).toMatchObject({ ok: true });
    expect(await check("http://[::1]:9/x", TEST_MODE)).toMatchObject({ ok: true });
    expect(await check("http://10.0.0.1/", TEST_MODE)).toEqual({ ok: false, reason: "private_address" });
    expect(await check("http://internal.example.com/", TEST_MODE)).toEqual({ ok: false, reason: "private_address" });
  });
});

type Receiver = { url: string; hits: string[]; close: () => Promise<void> };

async function receiver(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Receiver> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe("safeFetch", () => {
  let target: Receiver;
  let redirector: Receiver;
  let silent: Receiver;
  beforeAll(async () => {
    target = await receiver((_req, res) => res.end("x".repeat(100_000)));
    redirector = await receiver((_req, res) => {
      res.writeHead(302, { location: `${target.url}/stolen` });
      res.end();
    });
    silent = await receiver(() => undefined);
  });
  afterAll(async () => {
    await Promise.all([target.close(), redirector.close(), silent.close()]);
  });

  test("a 2xx answer is ok; the body read is capped", async () => {
    const r = await safeFetch({ url: `${target.url}/ok`, body: "{}", policy: TEST_MODE });
    expect(r).toMatchObject({ status: 200, ok: true });
    expect(r.body.length).toBeLessThanOrEqual(16 * 1024);
  });

  test("a redirect is not followed and counts as a failure", async () => {
    const before = target.hits.length;
    const r = await safeFetch({ url: `${redirector.url}/hook`, body: "{}", policy: TEST_MODE });
    expect(r).toMatchObject({ status: 302, ok: false });
    expect(redirector.hits).toContain("POST /hook");
    expect(target.hits.length).toBe(before);
  });

  test("outside the test-only mode loopback is refused before any connection", async () => {
    const before = target.hits.length;
    await expect(safeFetch({ url: `${target.url}/x`, body: "{}", policy: STRICT })).rejects.toEqual(
      new OutboundRefused("https_required"),
    );
    const https = target.url.replace("http:", "https:");
    await expect(safeFetch({ url: `${https}/x`, body: "{}", policy: STRICT })).rejects.toMatchObject({
      reason: "private_address",
    });
    expect(target.hits.length).toBe(before);
  });

  test("the connection goes to the checked address, not to a second DNS answer", async () => {
    // The name exists only in our resolver: a request that succeeds was sent to the pinned address.
    // A resolver that would answer differently on a second lookup is never asked again.
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls++;
      return [{ address: calls === 1 ? "127.0.0.1" : "10.0.0.1", family: 4 }];
    };
    const port = new URL(target.url).port;
    const r = await safeFetch({ url: `http://rebind.invalid:${port}/pinned`, policy: TEST_MODE, resolver: rebinding });
    expect(r.ok).toBe(true);
    expect(calls).toBe(1);
    expect(target.hits).toContain("POST /pinned");
  });

  test("a receiver that never answers times out", async () => {
    // without the timeout this would wait forever and fail on jest's own test timeout
    await expect(safeFetch({ url: `${silent.url}/slow`, policy: TEST_MODE, timeoutMs: 300 })).rejects.toThrow();
  });
});
