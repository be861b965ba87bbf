import "server-only";
import { ownValue } from "@/lib/own-keys";

// Midjourney-proxy submit paths -> task action -> the model name that prices and routes it
// (new-api's names: mj_imagine, mj_upscale, ..., swap_face).

/** Submit path (after /mj) -> fixed action; "action", "change", "simple-change" read it from the body. */
const PATH_ACTIONS: Record<string, string> = {
  "/submit/imagine": "IMAGINE",
  "/submit/describe": "DESCRIBE",
  "/submit/blend": "BLEND",
  "/submit/modal": "MODAL",
  "/submit/shorten": "SHORTEN",
  "/submit/edits": "EDITS",
  "/submit/video": "VIDEO",
  "/submit/upload-discord-images": "UPLOAD",
  "/insight-face/swap": "SWAP_FACE",
};

export const MJ_SUBMIT_PATHS = new Set([
  ...Object.keys(PATH_ACTIONS),
  "/submit/action",
  "/submit/change",
  "/submit/simple-change",
]);

/** A button's customId (midjourney-proxy-plus /submit/action) -> the normal action. */
export function actionFromCustomId(customId: string): string {
  const id = customId.toLowerCase();
  if (id.includes("::upsample::") || id.includes("::upscale")) return "UPSCALE";
  if (id.includes("::high_variation")) return "HIGH_VARIATION";
  if (id.includes("::low_variation")) return "LOW_VARIATION";
  if (id.includes("::variation::")) return "VARIATION";
  if (id.includes("::reroll::")) return "REROLL";
  if (id.includes("::pan_")) return "PAN";
  if (id.includes("customzoom")) return "CUSTOM_ZOOM";
  if (id.includes("::outpaint::") || id.includes("zoom")) return "ZOOM";
  if (id.includes("::inpaint::")) return "INPAINT";
  if (id.includes("video")) return "VIDEO";
  return "";
}

/** "U1 <taskId>" / "V2 <taskId>" / "R <taskId>" (simple-change content). */
export function parseSimpleChange(content: string): { taskId: string; action: string; index: number } | null {
  const m = /^\s*(\S+)\s+([UVR])(\d?)\s*$/i.exec(content) ?? /^\s*([UVR])(\d?)\s+(\S+)\s*$/i.exec(content);
  if (!m) return null;
  const [taskId, letter, digit] = /^[UVR]$/i.test(m[1]!) ? [m[3]!, m[1]!, m[2]!] : [m[1]!, m[2]!, m[3]!];
  const action = { U: "UPSCALE", V: "VARIATION", R: "REROLL" }[letter.toUpperCase() as "U" | "V" | "R"];
  return { taskId, action, index: Number(digit) || 0 };
}

/** The action of a submit call, or "" when it cannot be told from the request. */
export function mjAction(subPath: string, body: Record<string, unknown>): string {
  const byPath = ownValue(PATH_ACTIONS, subPath);
  if (byPath) return byPath;
  if (subPath === "/submit/change") return typeof body.action === "string" ? body.action.toUpperCase() : "";
  if (subPath === "/submit/simple-change")
    return parseSimpleChange(typeof body.content === "string" ? body.content : "")?.action ?? "";
  if (subPath === "/submit/action") return actionFromCustomId(typeof body.customId === "string" ? body.customId : "");
  return "";
}

/** new-api CoverActionToModelName. */
export function mjModelName(action: string): string {
  return action === "SWAP_FACE" ? "swap_face" : `mj_${action.toLowerCase()}`;
}

/** The task an action/change works on (its channel serves the follow-up). */
export function originTaskId(subPath: string, body: Record<string, unknown>): string {
  if (subPath === "/submit/simple-change")
    return parseSimpleChange(typeof body.content === "string" ? body.content : "")?.taskId ?? "";
  if (subPath === "/submit/action" || subPath === "/submit/change" || subPath === "/submit/modal")
    return typeof body.taskId === "string" ? body.taskId : "";
  return "";
}
