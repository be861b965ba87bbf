"use client";

// The client half of the human check: a screen renders `widget` and sends `token` as the
// `turnstile` query parameter; `ready` is false while the check has not produced a token (submit
// then shows 请稍后几秒重试，Turnstile 正在检查用户环境！). `reset()` asks for a fresh token after
// a use. (Seam: the Turnstile feature fills this in; until then there is no widget and no token.)
import type { ReactNode } from "react";

export type HumanCheck = { token: string; ready: boolean; widget: ReactNode; reset: () => void };

export function useHumanCheck(): HumanCheck {
  return { token: "", ready: true, widget: null, reset: () => undefined };
}
