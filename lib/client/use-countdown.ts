import { useCallback, useEffect, useState } from "react";

/** A seconds countdown (resend-code buttons wait 30 s). `remaining` is 0 when idle. */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => setRemaining(seconds), []);
  return { remaining, start };
}
