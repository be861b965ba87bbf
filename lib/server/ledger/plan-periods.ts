import "server-only";

// A plan's end and its quota's next reset, as new-api's calcPlanEndTime / calcNextResetTime: months
// and years are calendar steps (AddDate), daily/weekly/monthly resets fall on the server's local
// midnight (weekly: the next Monday, monthly: the 1st), custom ones every N seconds from the last
// reset; a reset after the end is none (0).

export type PlanPeriods = {
  durationUnit: string;
  durationValue: number;
  customSeconds: bigint | number;
  quotaResetPeriod: string;
  quotaResetCustomSeconds: bigint | number;
};

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The plan's end for a start at `startUnix` (unix seconds). */
export function planEndTime(startUnix: number, plan: PlanPeriods): number {
  const start = new Date(startUnix * 1000);
  const value = plan.durationValue;
  switch (plan.durationUnit) {
    case "year":
      return unix(
        new Date(
          start.getFullYear() + value,
          start.getMonth(),
          start.getDate(),
          start.getHours(),
          start.getMinutes(),
          start.getSeconds(),
        ),
      );
    case "month":
      return unix(
        new Date(
          start.getFullYear(),
          start.getMonth() + value,
          start.getDate(),
          start.getHours(),
          start.getMinutes(),
          start.getSeconds(),
        ),
      );
    case "day":
      return startUnix + value * 86_400;
    case "hour":
      return startUnix + value * 3_600;
    case "custom":
      return startUnix + Number(plan.customSeconds);
    default:
      return startUnix;
  }
}

/** The next reset after `baseUnix`, or 0 (never, or past the end `endUnix`). */
export function nextResetTime(baseUnix: number, plan: PlanPeriods, endUnix: number): number {
  const base = new Date(baseUnix * 1000);
  const midnight = new Date(base.getFullYear(), base.getMonth(), base.getDate());
  let next: number;
  switch (plan.quotaResetPeriod) {
    case "daily":
      next = unix(new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() + 1));
      break;
    case "weekly": {
      const weekday = base.getDay() === 0 ? 7 : base.getDay(); // Monday 1 … Sunday 7
      next = unix(new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() + 8 - weekday));
      break;
    }
    case "monthly":
      next = unix(new Date(base.getFullYear(), base.getMonth() + 1, 1));
      break;
    case "custom": {
      const every = Number(plan.quotaResetCustomSeconds);
      if (every <= 0) return 0;
      next = baseUnix + every;
      break;
    }
    default:
      return 0;
  }
  return endUnix > 0 && next > endUnix ? 0 : next;
}
