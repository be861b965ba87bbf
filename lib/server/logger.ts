// Structured JSON logs (pino). Never log secrets: the redact list covers the usual carriers.
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";

const g = globalThis as unknown as { __gatewayLogger?: Logger };

export function logger(): Logger {
  g.__gatewayLogger ??= pino({
    level: env().NODE_ENV === "test" ? "silent" : env().LOG_LEVEL,
    redact: {
      paths: ["password", "*.password", "key", "*.key", "authorization", "*.authorization", "headers.cookie"],
      censor: "[redacted]",
    },
  });
  return g.__gatewayLogger;
}
