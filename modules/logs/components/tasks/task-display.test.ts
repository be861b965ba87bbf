// Display rules of the drawing-log and task-log pages.
import { draftToFilters } from "@/modules/logs/components/tasks/task-filter-form";
import {
  CODE_TONE,
  defaultTaskRange,
  durationSeconds,
  durationTone,
  epochToMs,
  formatRecord,
  localInputToEpoch,
  parseProgress,
  resultUrlOf,
  safeImageUrl,
  STATUS_TONE,
} from "@/modules/logs/client/tasks/task-display";

test("duration: red over 60 s, green up to 60 s", () => {
  expect(durationTone(0)).toBe("success");
  expect(durationTone(60)).toBe("success");
  expect(durationTone(60.1)).toBe("danger");
  expect(durationTone(3600)).toBe("danger");
});

test("duration from submit to finish, in ms for drawings and s for tasks; unknown while unfinished", () => {
  expect(durationSeconds(1_000_000, 1_061_000, "ms")).toBe(61);
  expect(durationSeconds(1_000_000, 1_000_450, "ms")).toBe(0.5);
  expect(durationSeconds(100, 145, "s")).toBe(45);
  expect(durationSeconds(100, 0, "s")).toBeNull();
  expect(durationSeconds(0, 100, "s")).toBeNull();
  expect(durationSeconds(200, 100, "s")).toBeNull();
});

test("progress: a number with or without %, clamped; other text is not numeric", () => {
  expect(parseProgress("45%")).toBe(45);
  expect(parseProgress("100")).toBe(100);
  expect(parseProgress(" 12.5 % ")).toBe(12.5);
  expect(parseProgress("0%")).toBe(0);
  expect(parseProgress("250%")).toBe(100);
  expect(parseProgress("")).toBeNull();
  expect(parseProgress("%")).toBeNull();
  expect(parseProgress("queued")).toBeNull();
  expect(parseProgress("-5%")).toBeNull();
  expect(parseProgress("4 5%")).toBeNull();
});

test("default ranges: tasks from the start of today, drawings from 30 days ago, both to now + 1 h", () => {
  const now = new Date(2025, 4, 20, 15, 30, 0);
  const task = defaultTaskRange("task", now);
  expect(task.start).toEqual(new Date(2025, 4, 20, 0, 0, 0));
  expect(task.end.getTime()).toBe(now.getTime() + 3_600_000);
  const drawing = defaultTaskRange("drawing", now);
  expect(now.getTime() - drawing.start.getTime()).toBe(30 * 86_400_000);
  expect(drawing.end.getTime()).toBe(now.getTime() + 3_600_000);
});

test("filter times are sent in the list's unit: ms for drawings, epoch seconds for tasks", () => {
  const local = "2025-05-20T10:00";
  const ms = new Date(2025, 4, 20, 10, 0).getTime();
  expect(localInputToEpoch(local, "ms")).toBe(ms);
  expect(localInputToEpoch(local, "s")).toBe(ms / 1000);
  expect(localInputToEpoch("", "s")).toBe(0);
  expect(localInputToEpoch("not a date", "ms")).toBe(0);
  expect(epochToMs(1_700_000_000, "s")).toBe(1_700_000_000_000);
  expect(epochToMs(1_700_000_000_000, "ms")).toBe(1_700_000_000_000);
  const draft = { channel_id: " 7 ", task_id: " abc ", start: local, end: "" };
  expect(draftToFilters(draft, "task")).toEqual({
    channel_id: "7",
    task_id: "abc",
    start_timestamp: ms / 1000,
    end_timestamp: 0,
  });
  expect(draftToFilters(draft, "drawing").start_timestamp).toBe(ms);
});

test("status and submit-code tones cover the spec's values", () => {
  for (const s of ["", "NOT_START", "SUBMITTED", "QUEUED", "IN_PROGRESS", "MODAL", "SUCCESS", "FAILURE", "UNKNOWN"])
    expect(STATUS_TONE[s]).toBeDefined();
  expect(STATUS_TONE.SUCCESS).toBe("success");
  expect(STATUS_TONE.FAILURE).toBe("danger");
  expect(Object.keys(CODE_TONE).sort()).toEqual(["0", "1", "21", "22"]);
});

test("only http(s) image URLs are previewed", () => {
  expect(safeImageUrl("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  expect(safeImageUrl("http://cdn.example/a.png")).toBe("http://cdn.example/a.png");
  expect(safeImageUrl("javascript:alert(1)")).toBeNull();
  expect(safeImageUrl("data:image/png;base64,AAAA")).toBeNull();
  expect(safeImageUrl("/relative.png")).toBeNull();
  expect(safeImageUrl("")).toBeNull();
});

test("a video task's result link is data.result_url when it is an http(s) URL", () => {
  expect(resultUrlOf({ result_url: "https://gw.example/v1/videos/task_1/content" })).toBe(
    "https://gw.example/v1/videos/task_1/content",
  );
  expect(resultUrlOf({ result_url: "javascript:alert(1)" })).toBeNull();
  expect(resultUrlOf({ clips: [] })).toBeNull();
  expect(resultUrlOf(null)).toBeNull();
  expect(resultUrlOf("https://x")).toBeNull();
});

test("the details dialog shows the whole record as indented JSON", () => {
  expect(formatRecord({ task_id: "t1", data: { clips: [1] } })).toBe(
    '{\n  "task_id": "t1",\n  "data": {\n    "clips": [\n      1\n    ]\n  }\n}',
  );
});
