import "server-only";

// The update check: the latest release at the root-configured UpdateCheckUrl
// (default: new-api's GitHub "latest release" API), compared with our VERSION. The route is public
// (the about page shows it), so answers are kept for a while and one fetch runs at a time: visitors
// cannot make the server call out more than once per period, whatever they send.
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/http/app-error";
import { fetchPublicJson } from "@/lib/server/net/public-json";
import { getOption } from "@/lib/server/options/store";
import type { UpdateInfo } from "@/modules/settings/rules/update-info";

const OK_TTL_MS = 10 * 60 * 1000;
const FAILED_TTL_MS = 60 * 1000;
// An air-gapped server never gets an answer: the about page says so within a few seconds.
const TIMEOUT_MS = 5_000;
const MAX_BYTES = 512 * 1024;
const MAX_NOTES = 20_000;

type Release = { tag: string; url: string; notes: string; publishedAt: string };
type Entry = { at: number; ttl: number; result: Release | null; pending?: Promise<Release | null> };

const g = globalThis as unknown as { __updateCheck?: Map<string, Entry> };
const cache = (g.__updateCheck ??= new Map());

/** Drops the remembered answers (tests). */
export function forgetUpdateCheck(): void {
  cache.clear();
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function parseRelease(json: unknown): Release | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const tag = str(o.tag_name).trim().slice(0, 100);
  if (!tag) return null;
  const url = str(o.html_url).startsWith("https://") ? str(o.html_url).slice(0, 2000) : "";
  return { tag, url, notes: str(o.body).slice(0, MAX_NOTES), publishedAt: str(o.published_at).slice(0, 40) };
}

/** Numeric parts of "v1.2.3-beta" → [1,2,3]; null when it is not a dotted version. */
function versionParts(v: string): number[] | null {
  const m = v
    .trim()
    .replace(/^v/i, "")
    .match(/^(\d+(?:\.\d+)*)/);
  return m ? m[1]!.split(".").map(Number) : null;
}

/** Whether `latest` is newer than `current`; different non-numeric tags count as newer (new-api compares tags). */
export function isNewer(latest: string, current: string): boolean {
  const a = versionParts(latest);
  const b = versionParts(current);
  if (!a || !b) return latest.trim().replace(/^v/i, "") !== current.trim().replace(/^v/i, "");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}

async function load(url: string): Promise<Release | null> {
  try {
    const json = await fetchPublicJson(url, {
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      headers: { accept: "application/vnd.github+json" },
    });
    return parseRelease(json);
  } catch {
    return null;
  }
}

async function latestRelease(url: string): Promise<Release | null> {
  const hit = cache.get(url);
  if (hit?.pending) return hit.pending;
  if (hit && Date.now() - hit.at < hit.ttl) return hit.result;
  const pending = load(url);
  cache.set(url, { at: 0, ttl: 0, result: null, pending });
  const result = await pending;
  cache.set(url, { at: Date.now(), ttl: result ? OK_TTL_MS : FAILED_TTL_MS, result });
  return result;
}

export async function checkUpdate(): Promise<UpdateInfo> {
  const url = (await getOption("UpdateCheckUrl")).trim();
  const release = url ? await latestRelease(url) : null;
  if (!release) throw new AppError("outside_unreachable", "update_check_failed");
  const current = env().VERSION;
  return {
    current_version: current,
    latest_version: release.tag,
    has_update: isNewer(release.tag, current),
    release_url: release.url,
    notes: release.notes,
    published_at: release.publishedAt,
  };
}
