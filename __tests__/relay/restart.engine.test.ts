// Restarting the server keeps everything: the setup, accounts, sessions (the generated session
// secret is persisted in DATA_DIR), tokens and balances.
import { startGateway } from "./gateway";

test("a restart on the same data folder keeps setup, accounts, sessions and tokens", async () => {
  const first = await startGateway();
  const created = await first.api<{ key: string }>("POST", "/api/token/", { name: "kept", unlimited_quota: true });
  expect(created.json.success).toBe(true);
  const cookie = await fetch(`${first.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "root", password: "rootpass123" }),
  }).then((r) => r.headers.get("set-cookie")!.split(";")[0]!);
  await first.stop(true);

  const second = await startGateway({ dataDir: first.dataDir });
  try {
    const setup = await second.api<{ status: boolean; root_init: boolean }>("GET", "/api/setup");
    expect(setup.json.data).toMatchObject({ status: true, root_init: true });
    const self = await fetch(`${second.url}/api/user/self`, { headers: { cookie } });
    expect(self.status).toBe(200);
    const tokens = await second.api<{ items: { name: string }[] }>("GET", "/api/token/");
    expect(tokens.json.data.items.map((t) => t.name)).toContain("kept");
  } finally {
    await second.stop();
  }
}, 90_000); // two full starts (migrations + boot) on a loaded 2-core machine
