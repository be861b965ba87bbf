import { randomBytes } from "node:crypto";

/** Request id: UTC timestamp (yyyymmddhhmmss) + 12 random hex characters. */
export function newRequestId(): string {
  const stamp = new Date().toISOString().replace(/[-:TZ.]/g, "").slice(0, 14);
  return `${stamp}${randomBytes(6).toString("hex")}`;
}
