"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { isNewYearsDay } from "@/components/layout/nav-items";

const SHOWN_FLAG = "new_year_egg_shown";
const SHOW_MS = 3_000;
const RELOAD_AFTER_MS = 10_000;
const PIECES = ["🎉", "🎊", "✨", "🧧", "🎆", "🥳"];
const PIECE_COUNT = 28;

function alreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(SHOWN_FLAG) === "1";
  } catch {
    return true; // no sessionStorage means no way to stop a reload loop, so skip the egg
  }
}

/** Jan 1 easter egg: confetti for 3 s, then one reload 10 s later; once per browser session. */
export function NewYearEgg() {
  const t = useTranslations("shell.easter");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!isNewYearsDay(new Date()) || alreadyShown()) return;
    const timers: number[] = [];
    // The flag is set when the egg actually starts, so React's dev double-mount cannot swallow it.
    timers.push(
      window.setTimeout(() => {
        window.sessionStorage.setItem(SHOWN_FLAG, "1");
        setVisible(true);
        timers.push(window.setTimeout(() => setVisible(false), SHOW_MS));
        timers.push(window.setTimeout(() => window.location.reload(), SHOW_MS + RELOAD_AFTER_MS));
      }, 0),
    );
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, []);

  if (!visible) return null;
  return (
    <div data-testid="new-year-egg" role="status" className="pointer-events-none fixed inset-0 z-[60] overflow-hidden">
      {Array.from({ length: PIECE_COUNT }, (_, i) => (
        <span
          key={i}
          aria-hidden
          className="new-year-piece absolute -top-10 text-2xl"
          style={{ left: `${(i * 37) % 100}%`, animationDelay: `${(i % 7) * 0.18}s` }}
        >
          {PIECES[i % PIECES.length]}
        </span>
      ))}
      <div className="absolute inset-x-0 top-24 flex justify-center px-4">
        <div className="new-year-card rounded-xl border border-border bg-surface/95 px-6 py-4 text-center shadow-xl">
          <p className="text-lg font-semibold">{t("new_year")}</p>
          <p className="mt-1 text-sm text-muted">{t("new_year_hint")}</p>
        </div>
      </div>
    </div>
  );
}
