// Progress as a small ring with the percent inside (circular percent when numeric).
import { cn } from "@/lib/client/cn";

const SIZE = 40;
const STROKE = 3.5;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function ProgressCircle({ percent, className }: { percent: number; className?: string }) {
  const done = percent >= 100;
  return (
    <span
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cn("relative inline-flex h-10 w-10 shrink-0 items-center justify-center", className)}
      data-testid="task-progress"
    >
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} className="-rotate-90" aria-hidden>
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-border" />
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          className={done ? "stroke-success" : "stroke-primary"}
        />
      </svg>
      <span className="absolute text-[10px] font-medium tabular-nums">{Math.round(percent)}%</span>
    </span>
  );
}
