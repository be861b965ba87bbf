// Pure pieces of the e-mail features: address normalisation and site rules (whitelist, alias),
// the code / token / password generators, the reset link, the mail texts (escaping, both
// languages) and the shared request schemas' messages.
import { passwordResetMail, verificationCodeMail } from "@/modules/auth/server/auth-mails";
import { bindEmailSchema, mailRequestQuerySchema, resetConfirmSchema } from "@/modules/auth/schemas/mail-auth";
import { randomPassword } from "@/modules/auth/server/password-reset/random-password";
import { generateResetToken, resetLink } from "@/modules/auth/server/password-reset/request-password-reset";
import { generateEmailCode } from "@/modules/auth/server/verification/send-verification-code";
import { hasAliasSymbols, isDomainAllowed, normalizeEmail, parseDomainWhitelist } from "@/modules/users/server";

test("addresses are trimmed and lower-cased", () => {
  expect(normalizeEmail("  Bob.Smith@Example.COM ")).toBe("bob.smith@example.com");
});

test("the whitelist option is parsed leniently and matched exactly by domain", () => {
  const list = parseDomainWhitelist("gmail.com, @QQ.com,\n163.com,,");
  expect(list).toEqual(["gmail.com", "qq.com", "163.com"]);
  expect(isDomainAllowed("a@GMAIL.com", list)).toBe(true);
  expect(isDomainAllowed("a@qq.com", list)).toBe(true);
  expect(isDomainAllowed("a@mail.gmail.com", list)).toBe(false);
  expect(isDomainAllowed("a@gmail.com.evil.io", list)).toBe(false);
  expect(isDomainAllowed("no-at-sign", list)).toBe(false);
  expect(isDomainAllowed("a@b@gmail.com", list)).toBe(true); // the domain is after the last @
});

test("alias symbols are looked for in the local part only", () => {
  expect(hasAliasSymbols("a+tag@example.com")).toBe(true);
  expect(hasAliasSymbols("a.b@example.com")).toBe(true);
  expect(hasAliasSymbols("ab@mail.example.com")).toBe(false);
});

test("codes are 6 digits, tokens 32 URL-safe characters, passwords 16 unambiguous characters", () => {
  const codes = new Set(Array.from({ length: 200 }, generateEmailCode));
  for (const c of codes) expect(c).toMatch(/^\d{6}$/);
  expect(codes.size).toBeGreaterThan(190);
  const token = generateResetToken();
  expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(generateResetToken()).not.toBe(token);
  for (let i = 0; i < 50; i++) expect(randomPassword()).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
});

test("the reset link carries the address and token, encoded, under ServerAddress", () => {
  const link = new URL(resetLink("https://gw.example.com/ ", "a+b@example.com", "t_k-1"));
  expect(link.origin + link.pathname).toBe("https://gw.example.com/user/reset");
  expect(link.searchParams.get("email")).toBe("a+b@example.com");
  expect(link.searchParams.get("token")).toBe("t_k-1");
  expect(resetLink("https://gw.example.com///", "x@y.z", "t")).toMatch(/^https:\/\/gw\.example\.com\/user\/reset\?/);
});

test("mail texts carry the system name (escaped) in the caller's language", () => {
  const zh = verificationCodeMail("zh", { to: "a@b.c", systemName: "<Acme & Co>", code: "012345", minutes: 3 });
  expect(zh.subject).toBe("<Acme & Co> 邮箱验证邮件");
  expect(zh.html).toContain("&lt;Acme &amp; Co&gt;");
  expect(zh.html).not.toContain("<Acme");
  expect(zh.html).toContain(">012345<");
  expect(zh.html).toContain("验证码 3 分钟内有效");
  const en = passwordResetMail("en", {
    to: "a@b.c",
    systemName: "Acme",
    link: 'https://x.test/user/reset?email=a%40b.c&token="x"',
    minutes: 15,
  });
  expect(en.subject).toBe("Acme password reset");
  expect(en.html).toContain('href="https://x.test/user/reset?email=a%40b.c&amp;token=&quot;x&quot;"');
  expect(en.html).toContain("valid for 15 minutes");
});

test("request schemas answer with the spec's messages", () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  expect(issue(mailRequestQuerySchema.safeParse({}))).toBe("mail_email_required");
  expect(issue(mailRequestQuerySchema.safeParse({ email: " " }))).toBe("mail_email_required");
  expect(issue(mailRequestQuerySchema.safeParse({ email: "bad" }))).toBe("email_invalid");
  expect(mailRequestQuerySchema.parse({ email: " a@b.co " }).email).toBe("a@b.co");
  expect(issue(bindEmailSchema.safeParse({ email: "a@b.co" }))).toBe("mail_code_required");
  expect(issue(resetConfirmSchema.safeParse({ email: "a@b.co", token: "" }))).toBe("mail_reset_link_invalid");
});
