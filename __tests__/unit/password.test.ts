// Password hashing (lib/server/auth/password.ts): bcrypt at new-api's cost 10 on every server, its
// minimum cost only under jest, and comparisons at the cost written in the stored hash.
import { resetEnvForTests } from "@/lib/env";
import { hashPassword, verifyPassword, verifyPasswordOrDummy } from "@/lib/server/auth/password";

const saved = { ...process.env };

function runAs(nodeEnv: "production" | "test") {
  process.env = {
    ...saved,
    NODE_ENV: nodeEnv,
    SESSION_SECRET: "s".repeat(32),
    CRYPTO_SECRET: "c".repeat(32),
  };
  resetEnvForTests();
}

afterAll(() => {
  process.env = saved;
  resetEnvForTests();
});

test("a server (NODE_ENV=production) hashes at cost 10", async () => {
  runAs("production");
  const hash = await hashPassword("correct horse");
  expect(hash).toMatch(/^\$2[ab]\$10\$/);
  expect(await verifyPassword("correct horse", hash)).toBe(true);
  expect(await verifyPassword("wrong horse", hash)).toBe(false);
});

test("under jest the cost is bcrypt's minimum, and a cost-10 hash still compares at its own cost", async () => {
  runAs("production");
  const made = await hashPassword("made by a server");
  runAs("test");
  const hash = await hashPassword("correct horse");
  expect(hash).toMatch(/^\$2[ab]\$04\$/);
  expect(await verifyPassword("correct horse", hash)).toBe(true);
  expect(await verifyPassword("made by a server", made)).toBe(true);
  expect(await verifyPassword("made by a server!", made)).toBe(false);
});

test("no stored hash, or a malformed one, is refused", async () => {
  runAs("test");
  expect(await verifyPasswordOrDummy("anything", null)).toBe(false);
  expect(await verifyPasswordOrDummy("anything", "")).toBe(false);
  expect(await verifyPassword("anything", "not-a-bcrypt-hash")).toBe(false);
});
