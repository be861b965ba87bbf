// Password hashing (lib/server/auth/password.ts): bcrypt at new-api's cost 10 on every server, its
// minimum cost only under jest, comparisons at the cost written in the stored hash, and the work on a
// thread of its own (lib/server/auth/bcrypt-thread.ts) so the event loop keeps serving meanwhile.
import { resetEnvForTests } from "@/lib/env";
import { LOGIN_RESERVE, MAX_QUEUED, MAX_QUEUED_PER_CALLER, stopPasswordThread } from "@/lib/server/auth/bcrypt-thread";
import { hashPassword, verifyPassword, verifyPasswordOrDummy } from "@/lib/server/auth/password";
import { AppError } from "@/lib/server/http/app-error";

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
  stopPasswordThread();
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

test("the event loop keeps turning while passwords are hashed and compared at cost 10", async () => {
  runAs("production");
  // bcryptjs on the event loop yields only every 100 ms: ~1 turn per operation. Off the loop, a turn
  // every millisecond or so. The count, not a time, decides (a loaded machine slows both alike).
  let turns = 0;
  let spinning = true;
  const spin = () => {
    turns++;
    if (spinning) setImmediate(spin);
  };
  setImmediate(spin);
  const hash = await hashPassword("correct horse");
  for (let i = 0; i < 3; i++) expect(await verifyPassword("correct horse", hash)).toBe(true);
  spinning = false;
  expect(turns).toBeGreaterThan(100);
});

test("a stopped thread fails what it was doing and the next call starts a new one", async () => {
  runAs("production");
  const inFlight = hashPassword("interrupted");
  stopPasswordThread();
  await expect(inFlight).rejects.toThrow("password thread stopped");
  runAs("test");
  expect(await verifyPassword("again", await hashPassword("again"))).toBe(true);
});

test("beyond MAX_QUEUED waiting operations a check is refused with 429 at once; the queued ones answer", async () => {
  runAs("test");
  const hash = await hashPassword("queued");
  // verifyPassword hands its comparison to the thread before it returns: the burst is queued in order
  const burst = Array.from({ length: MAX_QUEUED }, () => verifyPassword("queued", hash));
  const refused = verifyPassword("queued", hash);
  await expect(refused).rejects.toBeInstanceOf(AppError);
  await expect(refused).rejects.toMatchObject({ code: "rate_limited", key: "password_checks_busy", status: 429 });
  expect(await Promise.all(burst)).toEqual(Array(MAX_QUEUED).fill(true));
  expect(await verifyPassword("queued", hash)).toBe(true);
});

test("a login for an unknown name while the thread is busy: 429, and the next one is answered as usual", async () => {
  runAs("test");
  await jest.isolateModulesAsync(async () => {
    // a fresh module: its dummy hash is made on the first unknown name, here while the queue is full
    const thread = await import("@/lib/server/auth/bcrypt-thread");
    const password = await import("@/lib/server/auth/password");
    const { AppError: IsolatedAppError } = await import("@/lib/server/http/app-error");
    try {
      const burst = Array.from({ length: thread.MAX_QUEUED }, () => thread.bcryptHash("fill", 4));
      await expect(password.verifyPasswordOrDummy("guess", null)).rejects.toBeInstanceOf(IsolatedAppError);
      await Promise.all(burst);
      expect(await password.verifyPasswordOrDummy("guess", null)).toBe(false);
    } finally {
      thread.stopPasswordThread();
    }
  });
});

test("one caller cannot fill the queue, and named callers together leave the logins their reserve", async () => {
  runAs("test");
  const hash = await hashPassword("mine");
  const busy = { code: "rate_limited", key: "password_checks_busy" };
  // One account flooding "current password" checks (review 3, N7): only its own few are queued.
  const flood = Array.from({ length: MAX_QUEUED }, () =>
    verifyPassword("guess", hash, { caller: "user:1" }).then(
      () => "answered",
      (err: AppError) => err.key,
    ),
  );
  // A login meanwhile is queued and answered, not refused.
  expect(await verifyPasswordOrDummy("mine", hash, { login: true })).toBe(true);
  const outcomes = await Promise.all(flood);
  expect(outcomes.filter((o) => o === "answered")).toHaveLength(MAX_QUEUED_PER_CALLER);
  expect(outcomes.filter((o) => o === busy.key)).toHaveLength(MAX_QUEUED - MAX_QUEUED_PER_CALLER);

  // Many accounts at once hold at most MAX_QUEUED - LOGIN_RESERVE places; logins still get in.
  const others = MAX_QUEUED - LOGIN_RESERVE;
  const many = Array.from({ length: others }, (_, i) => verifyPassword("guess", hash, { caller: `user:${100 + i}` }));
  await expect(verifyPassword("guess", hash, { caller: "user:999" })).rejects.toMatchObject(busy);
  const logins = Array.from({ length: LOGIN_RESERVE }, () => verifyPassword("mine", hash, { login: true }));
  expect(await Promise.all(logins)).toEqual(Array(LOGIN_RESERVE).fill(true));
  expect(await Promise.all(many)).toEqual(Array(others).fill(false));
});
