// lib/server/mail/send-mail.ts, the generic mailer (quota warnings today, verification mails later):
// skipped (not an error) while no SMTP server is configured; otherwise one message through the
// configured server with the account's credentials, the From address and the system name.
import { sendMail } from "@/lib/server/mail/send-mail";
import { startSmtpServer } from "@/test-support/smtp-server";
import { setOptions, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

test("without SMTPServer the mail is skipped", async () => {
  await expect(sendMail({ to: "a@example.com", subject: "s", text: "t" })).resolves.toEqual({
    sent: false,
    reason: "smtp_not_configured",
  });
});

test("a message goes through the configured server with auth; a wrong password fails", async () => {
  const smtp = await startSmtpServer("mailer", "right");
  const mails = smtp.mails;
  try {
    const port = smtp.port;
    await setOptions({
      SMTPServer: "127.0.0.1",
      SMTPPort: String(port),
      SMTPAccount: "mailer",
      SMTPToken: "right",
      SMTPFrom: "noreply@example.com",
      SystemName: "Gateway Test",
    });
    const sent = await sendMail({ to: "user@example.com", subject: "Hello", html: "<p>Line<br/>two &amp; more</p>" });
    expect(sent).toMatchObject({ sent: true });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: "noreply@example.com", to: ["user@example.com"] });
    expect(mails[0]!.data).toMatch(/^From: Gateway Test <noreply@example\.com>/m);
    expect(mails[0]!.data).toMatch(/^Subject: Hello/m);
    expect(mails[0]!.data).toContain("two & more"); // the derived plain-text part

    await setOptions({ SMTPToken: "wrong" });
    await expect(sendMail({ to: "user@example.com", subject: "x", text: "y" })).rejects.toMatchObject({
      code: "EAUTH",
    });
    expect(mails).toHaveLength(1);
  } finally {
    await smtp.close();
  }
});
