import "server-only";

import { env, type Env } from "@/lib/env";

/** Connections one instance opens to PostgreSQL by default, shared by its worker processes. */
const INSTANCE_CONNECTIONS = 20;

/**
 * The PostgreSQL pool size of this process: DATABASE_POOL_MAX when set, else the instance's 20
 * shared among its WORKERS processes (at least 2 each). 20 per process made a default 8-worker
 * instance open 160 connections, beyond PostgreSQL's default max_connections of 100.
 */
export function postgresPoolSize(e: Env = env()): number {
  if (e.DATABASE_POOL_MAX) return e.DATABASE_POOL_MAX;
  return Math.max(2, Math.ceil(INSTANCE_CONNECTIONS / Math.max(1, e.WORKERS)));
}
