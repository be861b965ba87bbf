// Issue 17 item 9, invalid-key sprays against the relay's key check (in process, real SQLite): keys
// that match no token are remembered for a short time in a bounded cache (no database query for a
// key already tried), forgotten when a token is created, and each client address may fail only
// RELAY_AUTH_FAILURE_LIMIT times per window before unknown keys are answered 429 (zh and en).
import * as tokenRoute from "@/app/api/token/route";
import { db } from "@/lib/server/db";
import { seal, sha256Hex } from "@/lib/server/crypto/secret-box";
import { generateTokenKey } from "@/modules/tokens/server/generate-token-key";
import { authenticateToken } from "@/relay/auth/auth";
import { getTokenByKey, NEGATIVE_TTL_MS } from "@/lib/server/cache/token-cache";
import { RelayError } from "@/relay/kernel/errors";
import { call, createUserAndLogin, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness({ env: { RELAY_AUTH_FAILURE_LIMIT: "5", RELAY_AUTH_FAILURE_WINDOW: "60" } });

let owner: { id: number; cookie: string };
let ipSeq = 0;
const freshIp = () => `203.0.113.${++ipSeq}`;

beforeAll(async () => {
  await setupRoot();
  owner = await createUserAndLogin();
});

afterEach(() => jest.restoreAllMocks());

/** A token row written straight to the database (no cache invalidation) for `key`. */
async function plantToken(key: string): Promise<void> {
  await db().token.create({
    data: {
      userId: owner.id,
      keyHash: sha256Hex(key),
      keyCipher: seal(key),
      keyPrefix: key.slice(0, 4),
      keySuffix: key.slice(-4),
      name: "planted",
      createdTime: 0,
      expiredTime: BigInt(-1),
      unlimitedQuota: true,
    },
  });
}

const newKey = () => generateTokenKey().key;

/** POST /api/token/ as the owner; the new key. */
async function createTokenViaApi(): Promise<string> {
  const res = await call<{ key: string }>(tokenRoute, "POST", "/api/token/", {
    cookie: owner.cookie,
    body: { name: "t", expired_time: -1, remain_quota: 0, unlimited_quota: true },
  });
  expect(res.json.success).toBe(true);
  return res.json.data.key;
}

const refusal = (key: string, ip: string, headers: Record<string, string> = {}) =>
  authenticateToken(key, ip, headers).then(
    () => null,
    (e: unknown) => (e instanceof RelayError ? e : Promise.reject(e)),
  );

describe("negative cache", () => {
  test("a key already tried is answered from memory until a token is created", async () => {
    const key = newKey();
    const ip = freshIp();
    expect((await refusal(`sk-${key}`, ip))?.status).toBe(401);
    // The same key now exists in the database, but the miss is remembered: no lookup happens.
    await plantToken(key);
    expect((await refusal(`sk-${key}`, ip))?.status).toBe(401);
    // Creating any token forgets every remembered miss.
    await createTokenViaApi();
    expect(await refusal(`sk-${key}`, ip)).toBeNull();
  });

  test("a remembered miss expires after the short TTL", async () => {
    const key = newKey();
    let queries = 0;
    const count = async () => {
      queries++;
    };
    expect(await getTokenByKey(key, count)).toBeNull();
    expect(await getTokenByKey(key, count)).toBeNull();
    expect(queries).toBe(1);
    jest.spyOn(Date, "now").mockReturnValue(Date.now() + NEGATIVE_TTL_MS + 1);
    expect(await getTokenByKey(key, count)).toBeNull();
    expect(queries).toBe(2);
  });
});

describe("failed authentications per address", () => {
  test("past the limit unknown keys get 429 (zh and en) without a lookup; other addresses are unaffected", async () => {
    const ip = freshIp();
    const known = await createTokenViaApi();
    expect(await refusal(known, ip)).toBeNull(); // now in the token cache
    for (let i = 0; i < 5; i++) expect((await refusal(`sk-${newKey()}`, ip))?.status).toBe(401);
    const zh = await refusal(`sk-${newKey()}`, ip, { "accept-language": "zh-CN" });
    expect(zh?.status).toBe(429);
    expect(zh?.message).toMatch(/你的地址使用无效 API 密钥的请求过多，请 \d+ 秒后再试/);
    const en = await refusal(`sk-${newKey()}`, ip, { "accept-language": "en" });
    expect(en?.message).toMatch(/Too many requests with invalid API keys from your address; try again in \d+ s/);
    // Blocked: a key no cache knows is refused before the database is asked (this one exists there).
    const planted = newKey();
    await plantToken(planted);
    expect((await refusal(`sk-${planted}`, ip))?.status).toBe(429);
    // ... while a token already in the cache keeps working, and other addresses are not blocked.
    expect(await refusal(known, ip)).toBeNull();
    expect((await refusal(`sk-${newKey()}`, freshIp()))?.status).toBe(401);
    expect(await refusal(await createTokenViaApi(), freshIp())).toBeNull();
  });

  test("a missing key or a deleted token's key is not counted as a failure", async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await refusal("", ip))?.status).toBe(401);
    const revoked = newKey();
    await plantToken(revoked);
    await db().token.updateMany({ where: { keyHash: sha256Hex(revoked) }, data: { deletedAt: new Date() } });
    for (let i = 0; i < 8; i++) expect((await refusal(`sk-${revoked}`, ip))?.status).toBe(401);
    expect((await refusal(`sk-${newKey()}`, ip))?.status).toBe(401);
  });
});
