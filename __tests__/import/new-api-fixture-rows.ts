// The rows of the new-api / one-api fixture databases (new-api-fixture.ts writes them): realistic users,
// tokens, channels, options, codes, logs over several days, quota data, tasks and second factors
// (subscriptions: ./new-api-fixture-subscriptions.ts).
import bcrypt from "bcryptjs";
import { subscriptionRows } from "./new-api-fixture-subscriptions";

export type Product = "new-api" | "one-api";
export type Row = Record<string, string | number | boolean | Buffer | null>;
/** A passkey to store for dave (user 6): the raw credential id and COSE public key (new-api's BLOBs). */
export type FixturePasskey = { credentialId: Buffer; publicKey: Buffer };
export type FixtureOptions = {
  product?: Product;
  baseUrl?: string;
  logs?: number;
  now?: number;
  passkey?: FixturePasskey;
};

const DAY = 86_400;
const key48 = (seed: string) => (seed.repeat(48) + "0123456789abcdefghijklmnopqrstuvwxyz").slice(0, 48);

/** What the fixture holds that the tests check after an import. */
export const FIXTURE = {
  passwords: {
    root: "old-root-pass",
    alice: "alice-old-pass",
    bob: "bob-old-pass",
    carol: "carol-old-pass",
    dave: "dave-old-pass",
  },
  aliceKey: key48("A1b2"),
  aliceLimitedKey: key48("Lm7x"),
  carolKey: key48("Cd3e"),
  daveExpiredKey: key48("Dv5q"),
  unusedCode: "unusedcode0000000000000000000001",
  usedCode: "usedcode000000000000000000000002",
  accessToken: "root-system-access-token-0000001",
  modelRatio: { "gpt-4o-mini": 0.075, "gpt-4o": 1.25, "old-model": 2 },
  /** Priced only by the imported ratios (2, completion 3): a relayed call bills (12 + 11 × 3) × 2 = 90. */
  pricedModel: "old-model",
  unknownOptions: ["SomeFutureOption", "DiscordOAuthEnabled"],
  /** dave's TOTP secret (two-factor on) and one unused backup code (new-api: bcrypt of XXXX-XXXX). */
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  backupCode: "ABCD-EFGH",
} as const;

const hashes = new Map<string, string>();
// bcrypt's minimum cost keeps a fixture cheap; a comparison reads the cost from the hash.
const hash = (p: string) => hashes.get(p) ?? hashes.set(p, bcrypt.hashSync(p, 4)).get(p)!;

// prettier-ignore
function users(product: Product, now: number): Row[] {
  const base = (id: number, username: string, extra: Row): Row => ({
    id, username, password: "", display_name: username, role: 1, status: 1, email: `${username}@example.com`,
    github_id: "", oidc_id: "", wechat_id: "", access_token: null, quota: 0, used_quota: 0, request_count: 0,
    group: "default", aff_code: `aff${id}`, inviter_id: 0, ...extra,
  });
  const rows = [
    base(1, "root", { role: 100, password: hash(FIXTURE.passwords.root), quota: 100_000_000, access_token: FIXTURE.accessToken, display_name: "Root User" }),
    base(2, "alice", { password: hash(FIXTURE.passwords.alice), quota: 5_000_000, used_quota: 120_000, request_count: 42, github_id: "9001" }),
    base(3, "bob", { password: hash(FIXTURE.passwords.bob), status: 2, quota: 1_000 }),
    base(4, "carol", { password: hash(FIXTURE.passwords.carol), quota: 7_000 }),
    base(6, "dave", { password: hash(FIXTURE.passwords.dave), inviter_id: 2, group: "vip", quota: 250_000 }),
  ];
  if (product === "one-api") return rows.map((r) => ({ ...r, lark_id: r.username === "dave" ? "lark-1" : "" }));
  const setting = JSON.stringify({ notify_type: "email", quota_warning_threshold: 100000 });
  return rows.map((r) => ({
    ...r, telegram_id: "", discord_id: r.username === "dave" ? "discord-6" : "", linux_do_id: r.username === "dave" ? "ld-6" : "",
    aff_count: r.username === "alice" ? 1 : 0, aff_quota: 0, aff_history: 0, setting: r.username === "dave" ? setting : "",
    remark: "", stripe_customer: "", created_at: now - 30 * DAY, last_login_at: now - DAY, auth_version: 1,
    deleted_at: r.username === "carol" ? "2026-10-01 10:00:00.000+00:00" : null,
  }));
}

// prettier-ignore
function tokens(product: Product, now: number): Row[] {
  const t = (id: number, user_id: number, key: string, extra: Row): Row => ({
    id, user_id, key, status: 1, name: `token-${id}`, created_time: now - 20 * DAY, accessed_time: now - DAY,
    expired_time: -1, remain_quota: 0, unlimited_quota: false, used_quota: 0, ...extra,
  });
  const rows: Array<[Row, Row]> = [
    [t(1, 2, FIXTURE.aliceKey, { unlimited_quota: true, used_quota: 100_000 }), { allow_ips: "" }],
    [t(2, 2, FIXTURE.aliceLimitedKey, { remain_quota: 900_000, used_quota: 20_000 }),
      { model_limits_enabled: true, model_limits: "gpt-4o-mini,gpt-4o", allow_ips: "10.1.2.3\n10.8.0.0/16" }],
    [t(3, 3, key48("Bb9z"), { remain_quota: 500 }), {}],
    [t(4, 4, FIXTURE.carolKey, { unlimited_quota: true }), { deleted_at: "2026-10-01 10:00:00.000+00:00" }],
    [t(5, 6, FIXTURE.daveExpiredKey, { status: 3, expired_time: now - DAY, remain_quota: 1_000 }), { group: "vip", cross_group_retry: true }],
  ];
  if (product === "one-api")
    return rows.map(([r, n]) => ({ ...r, models: n.model_limits ?? null, subnet: n.allow_ips ? "10.1.2.3/32" : "" }));
  return rows.map(([r, n]) => ({
    model_limits_enabled: false, model_limits: "", allow_ips: "", group: "", cross_group_retry: false, auto_groups: "",
    deleted_at: null, ...r, ...n,
  }));
}

// prettier-ignore
function channels(product: Product, now: number, baseUrl: string): Row[] {
  const c = (id: number, type: number, extra: Row): Row => ({
    id, type, key: `sk-upstream-${id}`, status: 1, name: `channel-${id}`, weight: 0, created_time: now - 25 * DAY,
    test_time: 0, response_time: 0, base_url: baseUrl, other: "", balance: 0, balance_updated_time: 0,
    models: "gpt-4o-mini,gpt-4o", group: "default,vip", used_quota: 0, model_mapping: "", priority: 0, ...extra,
  });
  const multi = { is_multi_key: true, multi_key_size: 3, multi_key_status_list: { 1: 2 }, multi_key_disabled_reason: { 1: "401 invalid key" }, multi_key_polling_index: 0, multi_key_mode: "polling" };
  const rows: Array<[Row, Row]> = [
    [c(1, 1, { name: "openai-main", models: "gpt-4o-mini,gpt-4o,old-model", priority: 10, weight: 5, model_mapping: JSON.stringify({ "gpt-4o": "gpt-4o-mini" }), used_quota: 120_000 }), { tag: "main" }],
    [c(2, 1, { name: "openai-multi", key: "sk-multi-a\nsk-multi-b\nsk-multi-c", priority: 0 }), { channel_info: JSON.stringify(multi) }],
    [c(3, 58, { name: "advanced-custom", models: "my-model", group: "default" }), {}],
    [c(4, 15, { name: "baidu-old", models: "ERNIE-4.0", group: "default" }), {}],
    [c(5, 14, { name: "claude", status: 3, models: "claude-3-5-sonnet", group: "default" }),
      { other_info: JSON.stringify({ status_reason: "429 rate limited", status_time: now - DAY }), auto_ban: 1 }],
  ];
  if (product === "one-api")
    return rows.map(([r]) => ({ ...r, type: r.type === 58 ? 29 : r.type === 14 ? 36 : r.type!, config: "{}", system_prompt: "" }));
  return rows.map(([r, n]) => ({
    openai_organization: "", test_model: "", status_code_mapping: "", auto_ban: 1, other_info: "", tag: "", setting: "",
    param_override: "", header_override: "", remark: "", settings: "", channel_info: "{}", ...r, ...n,
  }));
}

function abilities(product: Product, chans: Row[]): Row[] {
  return chans.flatMap((ch) =>
    String(ch.group)
      .split(",")
      .flatMap((group) =>
        String(ch.models)
          .split(",")
          .map((model) => {
            const row: Row = { group, model, channel_id: ch.id!, enabled: ch.status === 1, priority: ch.priority! };
            return product === "new-api" ? { ...row, weight: ch.weight!, tag: ch.tag ?? "" } : row;
          }),
      ),
  );
}

function options(): Row[] {
  const values: Record<string, string> = {
    ModelRatio: JSON.stringify(FIXTURE.modelRatio),
    CompletionRatio: JSON.stringify({ "gpt-4o-mini": 4, "gpt-4o": 4, "old-model": 3 }),
    GroupRatio: JSON.stringify({ default: 1, vip: 0.5 }),
    ModelPrice: JSON.stringify({ mj_imagine: 0.1 }),
    QuotaPerUnit: "500000",
    SystemName: "Old Gateway",
    SomeFutureOption: "42",
    DiscordOAuthEnabled: "true",
  };
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}

// prettier-ignore
function redemptions(product: Product, now: number): Row[] {
  const r = (id: number, key: string, extra: Row): Row => ({
    id, user_id: 1, key, status: 1, name: `code-${id}`, quota: 300_000, created_time: now - 10 * DAY, redeemed_time: 0, ...extra,
  });
  const rows = [
    r(1, FIXTURE.unusedCode, {}),
    r(2, FIXTURE.usedCode, { status: 3, redeemed_time: now - 5 * DAY, used_user_id: 2 }),
    r(3, "deletedcode00000000000000000003", { deleted_at: "2026-10-02 10:00:00.000+00:00" }),
  ];
  if (product === "one-api") return rows.map(({ used_user_id: _u, deleted_at: _d, ...rest }) => rest);
  return rows.map((x) => ({ used_user_id: 0, deleted_at: null, expired_time: 0, ...x }));
}

// new-api's log types: 1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund, 7 login (model/log.go).
const NEW_API_LOG_TYPES = [2, 2, 2, 2, 2, 2, 1, 3, 5, 6, 7];

/** Log rows, one an hour back from half an hour before `now` (--logs N keeps 24 N of the 100, whatever the seconds between fixture and import). */
// prettier-ignore
export function* logRows(product: Product, count: number, now: number): Generator<Row> {
  for (let i = 1; i <= count; i++) {
    const type = product === "new-api" ? NEW_API_LOG_TYPES[i % NEW_API_LOG_TYPES.length]! : (i % 6) + 0 || 5;
    const row: Row = {
      id: i, user_id: 2, created_at: now - (count - i) * 3_600 - 1_800, type, content: type === 2 ? "" : `log ${i}`,
      username: "alice", token_name: "token-1", model_name: type === 2 ? "gpt-4o-mini" : "", quota: type === 2 ? 1_000 : 0,
      prompt_tokens: type === 2 ? 100 : 0, completion_tokens: type === 2 ? 20 : 0, channel_id: type === 2 ? 1 : 0, is_stream: i % 2 === 0,
    };
    yield product === "new-api"
      ? { ...row, use_time: 2, token_id: 1, group: "default", ip: "", request_id: `req-${i}`, upstream_request_id: "", other: "{}" }
      : { ...row, request_id: `req-${i}`, elapsed_time: 1_500, system_prompt_reset: false };
  }
}

// prettier-ignore
function secondFactors(passkey: FixturePasskey | undefined): Record<string, Row[]> {
  const at = "2026-11-01 10:00:00";
  return {
    two_fas: [
      { id: 1, user_id: 6, secret: FIXTURE.totpSecret, is_enabled: true, failed_attempts: 0, locked_until: null, last_used_at: null, created_at: at, updated_at: at, deleted_at: null },
      // bob turned two-factor off: gorm soft-deleted the row (skipped)
      { id: 2, user_id: 3, secret: "KRSXG5CTMVRXEZLU", is_enabled: true, failed_attempts: 0, locked_until: null, last_used_at: null, created_at: at, updated_at: at, deleted_at: at },
    ],
    two_fa_backup_codes: [
      { id: 1, user_id: 6, code_hash: hash(FIXTURE.backupCode), is_used: false, used_at: null, created_at: at, deleted_at: null },
      { id: 2, user_id: 6, code_hash: hash("WXYZ-1234"), is_used: true, used_at: at, created_at: at, deleted_at: null },
    ],
    passkey_credentials: [
      {
        id: 1, user_id: 6, credential_id: passkey?.credentialId ?? Buffer.alloc(16, 7), public_key: passkey?.publicKey ?? Buffer.alloc(77, 1),
        attestation_type: "none", aaguid: Buffer.alloc(16), sign_count: 0, clone_warning: false, user_present: true, user_verified: true,
        backup_eligible: false, backup_state: false, transports: '["internal"]', attachment: "platform", last_used_at: null,
        created_at: at, updated_at: at, deleted_at: null,
      },
    ],
  };
}

function newApiExtras(now: number): Record<string, Row[]> {
  const hour = now - (now % 3_600);
  return {
    quota_data: [
      {
        id: 1,
        user_id: 2,
        username: "alice",
        model_name: "gpt-4o-mini",
        created_at: hour - 3_600,
        use_group: "default",
        token_id: 1,
        channel_id: 1,
        node_name: "",
        token_used: 1_200,
        count: 10,
        quota: 10_000,
      },
      {
        id: 2,
        user_id: 2,
        username: "alice",
        model_name: "gpt-4o",
        created_at: hour - 2 * DAY,
        use_group: "default",
        token_id: 1,
        channel_id: 1,
        node_name: "",
        token_used: 600,
        count: 3,
        quota: 30_000,
      },
      // new-api keyed its buckets by username too: a renamed user left two rows of one bucket of ours (summed).
      {
        id: 3,
        user_id: 2,
        username: "alice-old",
        model_name: "gpt-4o-mini",
        created_at: hour - 3_600,
        use_group: "default",
        token_id: 1,
        channel_id: 1,
        node_name: "",
        token_used: 300,
        count: 5,
        quota: 5_000,
      },
    ],
    checkins: [{ id: 1, user_id: 2, checkin_date: "2026-11-20", quota_awarded: 5_000, created_at: now - 8 * DAY }],
    top_ups: [
      {
        id: 1,
        user_id: 2,
        amount: 10,
        money: 7.3,
        trade_no: "USR2NO1",
        payment_method: "alipay",
        payment_provider: "epay",
        create_time: now - 9 * DAY,
        complete_time: now - 9 * DAY,
        status: "success",
      },
      {
        id: 2,
        user_id: 6,
        amount: 5,
        money: 3.65,
        trade_no: "USR6NO2",
        payment_method: "wxpay",
        payment_provider: "",
        create_time: now - DAY,
        complete_time: 0,
        status: "pending",
      },
    ],
    midjourneys: [
      {
        id: 1,
        code: 1,
        user_id: 2,
        action: "IMAGINE",
        mj_id: "mj-1",
        prompt: "a cat",
        prompt_en: "a cat",
        description: "",
        state: "",
        submit_time: (now - DAY) * 1000,
        start_time: (now - DAY) * 1000,
        finish_time: (now - DAY) * 1000 + 5_000,
        image_url: "https://cdn.example/cat.png",
        video_url: "",
        video_urls: "",
        status: "SUCCESS",
        progress: "100%",
        fail_reason: "",
        channel_id: 1,
        quota: 50_000,
        buttons: "[]",
        properties: "{}",
      },
    ],
    tasks: [
      {
        id: 1,
        created_at: now - DAY,
        updated_at: now - DAY,
        task_id: "suno-1",
        platform: "suno",
        user_id: 2,
        group: "default",
        channel_id: 1,
        quota: 20_000,
        action: "MUSIC",
        status: "SUCCESS",
        fail_reason: "",
        submit_time: now - DAY,
        start_time: now - DAY,
        finish_time: now - DAY,
        progress: "100%",
        properties: "{}",
        private_data: JSON.stringify({ key: "sk-upstream-secret", token_id: 1 }),
        data: "[]",
      },
    ],
    setups: [{ id: 1, version: "v0.9.0", initialized_at: now - 30 * DAY }],
  };
}

/** Every table's rows except the logs (which are generated, see logRows). */
export function fixtureRows(o: FixtureOptions = {}): Record<string, Row[]> {
  const product = o.product ?? "new-api";
  const now = o.now ?? Math.floor(Date.now() / 1000);
  const chans = channels(product, now, o.baseUrl ?? "https://api.openai.com");
  const rows: Record<string, Row[]> = {
    users: users(product, now),
    tokens: tokens(product, now),
    channels: chans,
    abilities: abilities(product, chans),
    options: options(),
    redemptions: redemptions(product, now),
  };
  return product === "new-api"
    ? { ...rows, ...newApiExtras(now), ...secondFactors(o.passkey), ...subscriptionRows(now) }
    : rows;
}
