import "server-only";

import { randomBytes } from "node:crypto";

// Request id: UTC yyyymmddhhmmss + a per-process random prefix + a counter. Unique across
// instances (the prefix) without drawing random bytes on every relay request.
const prefix = randomBytes(3).toString("hex");
let second = 0;
let stamp = "";
let counter = 0;

export function newRequestId(): string {
  const now = Date.now();
  const s = Math.floor(now / 1000);
  if (s !== second) {
    second = s;
    stamp = new Date(now)
      .toISOString()
      .replace(/[-:TZ.]/g, "")
      .slice(0, 14);
  }
  counter = (counter + 1) & 0xffffff;
  return `${stamp}${prefix}${counter.toString(16).padStart(6, "0")}`;
}
