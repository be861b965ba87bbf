// Pure parts of the task relays: per-call pricing and Midjourney action/model names.
import type { PriceTable } from "@/lib/server/ledger/pricing";
import {
  actionFromCustomId,
  mjAction,
  mjModelName,
  originTaskId,
  parseSimpleChange,
} from "@/relay/tasks/mj-actions";
import { taskPrice } from "@/relay/tasks/task-price";

const table = (over: Partial<PriceTable> = {}): PriceTable => ({
  quotaPerUnit: 500_000,
  modelPrice: {},
  modelRatio: {},
  completionRatio: {},
  cacheRatio: {},
  groupRatio: { vip: 2 },
  selfUse: false,
  preConsumedQuota: 0,
  fallback: null,
  ...over,
});

describe("taskPrice", () => {
  test("ModelPrice wins, times QuotaPerUnit and the group ratio", () => {
    expect(taskPrice(table({ modelPrice: { mj_imagine: 0.02 } }), "mj_imagine", "vip", false)).toEqual({
      price: 0.02,
      groupRatio: 2,
      quota: 20_000,
      source: "price",
    });
  });
  test("a ratio-only model costs ratio / 2 per call", () => {
    expect(taskPrice(table({ modelRatio: { mj_imagine: 1 } }), "mj_imagine", "default", false)).toMatchObject({
      price: 0.5,
      quota: 250_000,
      source: "ratio",
    });
  });
  test("built-in defaults when unset", () => {
    expect(taskPrice(table(), "mj_imagine", "default", false)?.quota).toBe(50_000);
    expect(taskPrice(table(), "mj_upscale", "default", false)?.quota).toBe(25_000);
    expect(taskPrice(table(), "suno_music", "default", false)?.quota).toBe(50_000);
    expect(taskPrice(table(), "suno_lyrics", "vip", false)?.quota).toBe(10_000);
    expect(taskPrice(table(), "mj_inpaint", "default", false)).toMatchObject({ quota: 0, source: "default" });
  });
  test("an unknown unpriced model is refused unless unset models are accepted", () => {
    expect(taskPrice(table(), "mj_unknown", "default", false)).toBeNull();
    expect(taskPrice(table(), "mj_unknown", "default", true)?.price).toBe(37.5 / 2);
  });
});

describe("Midjourney actions", () => {
  test("fixed submit paths", () => {
    expect(mjAction("/submit/imagine", {})).toBe("IMAGINE");
    expect(mjAction("/submit/describe", {})).toBe("DESCRIBE");
    expect(mjAction("/submit/blend", {})).toBe("BLEND");
    expect(mjAction("/insight-face/swap", {})).toBe("SWAP_FACE");
    expect(mjAction("/submit/upload-discord-images", {})).toBe("UPLOAD");
    expect(mjAction("/submit/nope", {})).toBe("");
  });
  test("change, simple-change and button actions", () => {
    expect(mjAction("/submit/change", { action: "variation", taskId: "1" })).toBe("VARIATION");
    expect(parseSimpleChange("1320098173412546 U2")).toEqual({
      taskId: "1320098173412546",
      action: "UPSCALE",
      index: 2,
    });
    expect(parseSimpleChange("123 R")).toEqual({ taskId: "123", action: "REROLL", index: 0 });
    expect(parseSimpleChange("nonsense")).toBeNull();
    expect(actionFromCustomId("MJ::JOB::upsample::1::abc")).toBe("UPSCALE");
    expect(actionFromCustomId("MJ::JOB::variation::2::abc")).toBe("VARIATION");
    expect(actionFromCustomId("MJ::JOB::reroll::0::abc::SOLO")).toBe("REROLL");
    expect(actionFromCustomId("MJ::JOB::high_variation::1::abc::SOLO")).toBe("HIGH_VARIATION");
    expect(actionFromCustomId("MJ::JOB::pan_left::1::abc::SOLO")).toBe("PAN");
    expect(actionFromCustomId("MJ::Outpaint::50::1::abc::SOLO")).toBe("ZOOM");
    expect(actionFromCustomId("MJ::CustomZoom::abc")).toBe("CUSTOM_ZOOM");
    expect(originTaskId("/submit/simple-change", { content: "42 V1" })).toBe("42");
    expect(originTaskId("/submit/action", { taskId: "7", customId: "x" })).toBe("7");
    expect(originTaskId("/submit/imagine", { taskId: "7" })).toBe("");
  });
  test("model names", () => {
    expect(mjModelName("IMAGINE")).toBe("mj_imagine");
    expect(mjModelName("HIGH_VARIATION")).toBe("mj_high_variation");
    expect(mjModelName("SWAP_FACE")).toBe("swap_face");
  });
});
