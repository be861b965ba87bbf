// Helpers of the security tests: an authenticator app written from RFC 6238 here (independent of
// the module's own TOTP code, so a mistake there cannot agree with itself), and the set-up flow.
import { createHmac } from "node:crypto";
import * as setupRoute from "@/app/api/user/2fa/setup/route";
import * as enableRoute from "@/app/api/user/2fa/enable/route";
import * as verifyRoute from "@/app/api/verify/route";
import { call, createUserAndLogin, type CreateUserInput } from "./harness";

function base32Bytes(secret: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secret.replace(/=+$/, "")) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

export const currentStep = () => Math.floor(Date.now() / 30_000);

/** The 6-digit code of `secret` at the step `offset` steps from now. */
export function totpCode(secret: string, offset = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(currentStep() + offset));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const at = mac[19]! & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * Waits (polling, with a deadline) until the clock is at least 2 s away from a step's edge, so the
 * codes a test computes are still of the steps it meant when the server checks them.
 */
export async function awayFromStepEdge(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const into = (Date.now() % 30_000) / 1000;
    if (into >= 1 && into <= 26) return;
    if (Date.now() > deadline) throw new Error("clock did not leave the step edge");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sets up and enables TOTP for a signed-in user with the previous step's code; returns the secret and backup codes. */
export async function enableTwoFactor(cookie: string): Promise<{ secret: string; backupCodes: string[] }> {
  await awayFromStepEdge();
  const setup = await call<{ secret: string; backup_codes: string[] }>(setupRoute, "POST", "/api/user/2fa/setup", {
    cookie,
  });
  if (setup.status !== 200) throw new Error(`2fa setup failed: ${setup.status} ${setup.json.message}`);
  const { secret, backup_codes: backupCodes } = setup.json.data;
  const enabled = await call(enableRoute, "POST", "/api/user/2fa/enable", {
    cookie,
    body: { code: totpCode(secret, -1) },
  });
  if (enabled.status !== 200) throw new Error(`2fa enable failed: ${enabled.status} ${enabled.json.message}`);
  return { secret, backupCodes };
}

/** POST /api/verify with the account's password (accounts without 2FA or passkey). */
export async function verifyWithPassword(cookie: string, password: string) {
  return call<{ verified: boolean; expires_at: number }>(verifyRoute, "POST", "/api/verify", {
    cookie,
    body: { method: "password", password },
  });
}

/** A signed-in user whose session holds a fresh secure verification (given with the password). */
export async function createVerifiedUser(input: CreateUserInput = {}) {
  const user = await createUserAndLogin(input);
  const res = await verifyWithPassword(user.cookie, user.password);
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${res.json.message}`);
  return user;
}
