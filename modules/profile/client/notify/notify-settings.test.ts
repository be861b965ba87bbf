// Pure pieces of the personal notification settings: reading the self account (defaults for
// missing or malformed values), the tab's request body, the shared schema's https rule, and the
// quota-warning text (placeholders, HTML escaping, HMAC signature).
import { createHmac } from "node:crypto";
import { initialNotifyDraft, notifyRequestBody } from "@/modules/profile/client/notify/notify-draft";
import { readSettingsSnapshot } from "@/modules/profile/client/notify/settings-view";
import { userSettingSchema, webhookUrlIssue } from "@/modules/profile/schemas/user-setting";
import { webhookSignature } from "@/lib/server/notify/quota-warning-delivery";
import { fillPlaceholders, quotaWarningNotice } from "@/lib/server/notify/quota-warning-text";

describe("readSettingsSnapshot", () => {
  test("defaults when nothing is stored (threshold 500000)", () => {
    expect(readSettingsSnapshot({ setting: "{}", email: "a@b.co", webhook_secret_set: false })).toEqual({
      accountEmail: "a@b.co",
      view: {
        notify_type: "email",
        quota_warning_threshold: 500000,
        webhook_url: "",
        webhook_secret_set: false,
        notification_email: "",
        accept_unset_model_ratio_model: false,
        show_ip_in_logs: false,
      },
    });
  });

  test("malformed JSON, wrong types and a missing account fall back field by field", () => {
    expect(readSettingsSnapshot(undefined).view.notify_type).toBe("email");
    expect(readSettingsSnapshot({ setting: "not json" }).view.quota_warning_threshold).toBe(500000);
    const s = readSettingsSnapshot({
      setting: JSON.stringify({ notify_type: "bark", quota_warning_threshold: -1, show_ip_in_logs: "yes" }),
      webhook_secret_set: true,
    });
    expect(s.view).toMatchObject({
      notify_type: "email",
      quota_warning_threshold: 500000,
      show_ip_in_logs: false,
      webhook_secret_set: true,
    });
  });

  test("stored values are kept", () => {
    const setting = JSON.stringify({
      notify_type: "webhook",
      quota_warning_threshold: 100000,
      webhook_url: "https://x.y",
    });
    expect(readSettingsSnapshot({ setting }).view).toMatchObject({
      notify_type: "webhook",
      quota_warning_threshold: 100000,
      webhook_url: "https://x.y",
    });
  });
});

describe("notifyRequestBody", () => {
  const draft = initialNotifyDraft(readSettingsSnapshot({ setting: "{}" }));

  test("e-mail sends type, threshold and the trimmed address only", () => {
    expect(notifyRequestBody({ ...draft, notification_email: " a@b.co ", webhook_url: "junk" })).toEqual({
      notify_type: "email",
      quota_warning_threshold: 500000,
      notification_email: "a@b.co",
    });
  });

  test("webhook leaves an empty secret out and sends the clear flag", () => {
    const w = { ...draft, notify_type: "webhook" as const, webhook_url: " https://x.y/h ", notification_email: "bad" };
    expect(notifyRequestBody(w)).toEqual({
      notify_type: "webhook",
      quota_warning_threshold: 500000,
      webhook_url: "https://x.y/h",
    });
    expect(notifyRequestBody({ ...w, webhook_secret: "s", clear_secret: false })).toMatchObject({
      webhook_secret: "s",
    });
    expect(notifyRequestBody({ ...w, clear_secret: true })).toMatchObject({ clear_webhook_secret: true });
  });

  test("an empty threshold is refused by the schema, not sent as 0", () => {
    const body = notifyRequestBody({ ...draft, threshold: " " });
    const parsed = userSettingSchema(false).safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("notify_threshold_invalid");
  });
});

test("webhookUrlIssue: https only, http only in the test-only mode", () => {
  expect(webhookUrlIssue("https://a.b/c", false)).toBeNull();
  expect(webhookUrlIssue("http://a.b/c", false)).toBe("notify_webhook_url_https");
  expect(webhookUrlIssue("http://a.b/c", true)).toBeNull();
  expect(webhookUrlIssue("javascript:alert(1)", true)).toBe("notify_webhook_url_invalid");
  expect(webhookUrlIssue("//a.b", false)).toBe("notify_webhook_url_invalid");
});

describe("quota warning text", () => {
  test("zh notice: title, four placeholders, values in order (link twice)", () => {
    const n = quotaWarningNotice("zh", "$0.20", "https://gw.example.com/app/wallet");
    expect(n.type).toBe("quota_exceed");
    expect(n.title).toBe("您的额度即将用尽");
    expect(n.content.match(/\{\{value\}\}/g)).toHaveLength(4);
    expect(n.values).toEqual([
      "您的额度即将用尽",
      "$0.20",
      "https://gw.example.com/app/wallet",
      "https://gw.example.com/app/wallet",
    ]);
    expect(fillPlaceholders(n.content, n.values)).toBe(
      "您的额度即将用尽，当前剩余额度为 $0.20，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='https://gw.example.com/app/wallet'>https://gw.example.com/app/wallet</a>",
    );
  });

  test("values are HTML-escaped when filled into an e-mail", () => {
    expect(fillPlaceholders("<a href='{{value}}'>{{value}}</a>", ["x'><script>", "<b>"])).toBe(
      "<a href='x&#39;&gt;&lt;script&gt;'>&lt;b&gt;</a>",
    );
  });

  test("the signature is the hex HMAC-SHA256 of the exact body", () => {
    const body = '{"type":"quota_exceed"}';
    expect(webhookSignature("k", body)).toBe(createHmac("sha256", "k").update(body).digest("hex"));
    expect(webhookSignature("k", body)).toMatch(/^[0-9a-f]{64}$/);
  });
});
