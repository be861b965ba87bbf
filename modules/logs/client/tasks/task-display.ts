// Display rules of the drawing-log and task-log pages, pure so they are
// unit-tested. Drawing tasks keep unix milliseconds, task records unix seconds.
import type { BadgeTone } from "@/components/ui/badge";

export type TaskLogKind = "drawing" | "task";
export type TimeUnit = "ms" | "s";
export const TIME_UNIT: Record<TaskLogKind, TimeUnit> = { drawing: "ms", task: "s" };

/** Drawing duration: red over 60 s, green otherwise. */
export const SLOW_TASK_SECONDS = 60;

/** Seconds between submit and finish, or null while either is unknown (or the clock went backwards). */
export function durationSeconds(submit: number, finish: number, unit: TimeUnit): number | null {
  if (!submit || !finish || finish < submit) return null;
  const seconds = unit === "ms" ? (finish - submit) / 1000 : finish - submit;
  return Math.round(seconds * 10) / 10;
}

export function durationTone(seconds: number): BadgeTone {
  return seconds > SLOW_TASK_SECONDS ? "danger" : "success";
}

/** "45%", "45" or " 45.5 % " → the percent (clamped to 0–100); anything else (or empty) → null. */
export function parseProgress(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, "").trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Math.min(100, Math.max(0, Number(trimmed)));
}

const DAY_MS = 86_400_000;

/** Default filter ranges: tasks from the start of today, drawings from 30 days ago;
 * both end one hour from now. */
export function defaultTaskRange(kind: TaskLogKind, now = new Date()): { start: Date; end: Date } {
  const end = new Date(now.getTime() + 3_600_000);
  if (kind === "drawing") return { start: new Date(now.getTime() - 30 * DAY_MS), end };
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return { start, end };
}

/** A datetime-local value as an epoch in the page's unit (0 when empty or unparsable: no bound). */
export function localInputToEpoch(local: string, unit: TimeUnit): number {
  const ms = local ? new Date(local).getTime() : NaN;
  if (!Number.isFinite(ms)) return 0;
  return unit === "ms" ? ms : Math.floor(ms / 1000);
}

export function epochToMs(value: number, unit: TimeUnit): number {
  return unit === "ms" ? value : value * 1000;
}

/** Task statuses; "" is a task still being submitted. */
export const STATUS_TONE: Record<string, BadgeTone> = {
  "": "info",
  NOT_START: "neutral",
  SUBMITTED: "warning",
  QUEUED: "warning",
  IN_PROGRESS: "info",
  MODAL: "warning",
  SUCCESS: "success",
  FAILURE: "danger",
  UNKNOWN: "neutral",
};

/** Drawing submit result codes: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
export const CODE_TONE: Record<number, BadgeTone> = { 1: "success", 21: "lime", 22: "warning", 0: "danger" };

export const DRAWING_ACTIONS = [
  "IMAGINE",
  "UPSCALE",
  "VARIATION",
  "HIGH_VARIATION",
  "LOW_VARIATION",
  "PAN",
  "DESCRIBE",
  "BLEND",
  "UPLOAD",
  "SHORTEN",
  "REROLL",
  "INPAINT",
  "ZOOM",
  "CUSTOM_ZOOM",
  "MODAL",
  "SWAP_FACE",
] as const;
// prettier-ignore
export const TASK_ACTIONS = [
  "MUSIC", "LYRICS", "textGenerate", "generate", "firstTailGenerate", "referenceGenerate", "remixGenerate",
] as const;
/** Values with a translated label; others are shown as they come. */
export const KNOWN_ACTIONS: readonly string[] = [...DRAWING_ACTIONS, ...TASK_ACTIONS];
export const KNOWN_PLATFORMS: readonly string[] = ["suno", "video"];

/** A task's result link (video tasks: data.result_url), when it is an http(s) URL. */
export function resultUrlOf(data: unknown): string | null {
  const url = data && typeof data === "object" ? (data as { result_url?: unknown }).result_url : undefined;
  return typeof url === "string" ? safeImageUrl(url) : null;
}

/** Only http(s) image URLs are shown (never javascript:, data: or relative ones from upstream). */
export function safeImageUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** The whole record as formatted text, for the details dialog. */
export function formatRecord(record: unknown): string {
  return JSON.stringify(record, null, 2);
}
