"use client";

// The playground lives in localStorage (the conversation, the settings), so it renders in the
// browser only: no server HTML that the stored chat would then contradict.
import dynamic from "next/dynamic";

export const PlaygroundLoader = dynamic(
  () => import("@/modules/playground/components/playground-client").then((m) => m.PlaygroundClient),
  {
    ssr: false,
    loading: () => (
      <div className="flex h-[calc(100dvh-3.5rem)] animate-pulse" aria-busy data-testid="pg-loading">
        <div className="hidden w-80 shrink-0 border-r border-border bg-surface min-[601px]:block" />
        <div className="flex-1" />
      </div>
    ),
  },
);
