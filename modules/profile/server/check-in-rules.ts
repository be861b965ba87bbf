import "server-only";

// Pure rules of the daily check-in (CheckInQuota, CheckInMaxQuota).
import { randomInt } from "node:crypto";

/** randomInt's range limit (2^48 - 1); wider ranges fall back to Math.random. */
const MAX_CRYPTO_RANGE = 2 ** 48 - 1;

/**
 * The reward of one check-in: a uniform integer in [CheckInQuota, max(CheckInQuota, CheckInMaxQuota)]
 * when CheckInMaxQuota > 0 (the max is optional), else exactly CheckInQuota. Negative or fractional
 * option values are clamped to whole non-negative quota.
 */
export function pickCheckInReward(
  minQuota: number,
  maxQuota: number,
  random: (lo: number, hiExclusive: number) => number = cryptoRandom,
): number {
  const [lo, hi] = checkInRewardRange(minQuota, maxQuota);
  return hi === lo ? lo : random(lo, hi + 1);
}

/** The inclusive [lowest, highest] reward the options allow. */
export function checkInRewardRange(minQuota: number, maxQuota: number): [number, number] {
  const lo = Math.max(0, Math.floor(Number.isFinite(minQuota) ? minQuota : 0));
  const max = Math.floor(Number.isFinite(maxQuota) ? maxQuota : 0);
  return [lo, max > lo ? max : lo];
}

function cryptoRandom(lo: number, hiExclusive: number): number {
  if (hiExclusive - lo <= MAX_CRYPTO_RANGE && Number.isSafeInteger(hiExclusive)) return randomInt(lo, hiExclusive);
  return lo + Math.floor(Math.random() * (hiExclusive - lo));
}

/** The server-local calendar date, YYYY-MM-DD: one check-in per user per such date. */
export function serverLocalDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
