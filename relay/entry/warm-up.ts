import "server-only";

// JIT warm-up of the relay's per-code-unit loops, run once at start. V8 runs a cold loop in its
// interpreter or baseline tier (15-30 ns per code unit, 10-20x its optimised code) until a background
// compile lands, and on a busy machine that can take the whole first large request: a 1 MB prompt
// then held the event loop for 10-20 ms in the token estimate alone. A few passes over a small
// sample at start get the loops optimised before the first request (~20 ms of CPU, once). Each hot
// loop is a function of one slice, so it is optimised whole with complete type feedback (an
// on-stack replacement in the middle of a long call deoptimised on the way out).
import { jsonTooDeep } from "@/lib/server/http/input-guard";
import { estimateText } from "@/relay/kernel/tokenize";
import { WordMatcher } from "@/relay/auth/word-matcher";

export function warmUpRelayScanners(): void {
  const text = "warm-up 中文 😀 ".repeat(256);
  const raw = Buffer.from(JSON.stringify({ messages: [{ role: "user", content: [{ text }] }] }));
  const matcher = new WordMatcher(["warm-up-word", "敏感"]);
  for (let i = 0; i < 300; i++) {
    estimateText(text);
    matcher.find(text);
    jsonTooDeep(raw);
  }
}
