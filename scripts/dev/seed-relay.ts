// Developer helper: seeds a channel pointing at a loopback mock upstream and a token, then prints
// the token. Usage (the hook maps the server-only marker, see scripts/server-only-hook.mjs):
//   DATA_DIR=... npx tsx --import ./scripts/server-only-hook.mjs scripts/dev/seed-relay.ts <upstream url> [model]
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";
import { seal, sha256Hex } from "@/lib/server/crypto/secret-box";
import { rebuildAbilities } from "@/modules/channels/server/rebuild-abilities";
import { setOption } from "@/lib/server/options/store";

async function main() {
  const [baseUrl = "http://127.0.0.1:18080", model = "gpt-4o-mini"] = process.argv.slice(2);
  const root = await db().user.findFirst({ where: { role: 100 } });
  if (!root) throw new Error("run the setup first");
  const channel = await db().channel.create({
    data: {
      name: "mock",
      type: 1,
      key: seal("sk-upstream-test"),
      baseUrl,
      models: model,
      group: "default",
      createdTime: Math.floor(Date.now() / 1000),
    },
  });
  await rebuildAbilities(channel);
  await setOption("ModelRatio", JSON.stringify({ [model]: 0.075 }));
  const key = randomBytes(36).toString("base64url").replace(/[-_]/g, "a").slice(0, 48);
  await db().token.create({
    data: {
      userId: root.id,
      keyHash: sha256Hex(key),
      keyCipher: seal(key),
      keyPrefix: key.slice(0, 4),
      keySuffix: key.slice(-4),
      name: "bench",
      unlimitedQuota: true,
      createdTime: Math.floor(Date.now() / 1000),
    },
  });
  process.stdout.write(`sk-${key}\n`);
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(String(e?.stack ?? e) + "\n");
    process.exit(1);
  },
);
