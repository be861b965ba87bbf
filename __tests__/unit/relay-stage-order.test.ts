// The relay's stages only go forward (entry → auth → routing → endpoints/tasks → upstream → streaming
// → settle), the kernel imports no stage, and vendors import only the kernel: eslint.config.mjs
// refuses the rest, and `npm test` lints relay/ in its static step. Each probe below is linted as if
// it were the file it names; one eslint process lints them all (a process costs seconds of CPU).
import { refusedImports as refused, type Probe } from "@/test-support/lint-probes";

test("eslint refuses upward, kernel-to-stage and vendor-to-stage imports, and lets forward imports pass", () => {
  const probes: Probe[] = [
    // Upward: a later stage importing an earlier one (settle -> auth was protection.recordSuccess).
    { file: "relay/settle/probe.ts", imports: ["@/relay/auth/protection", "@/relay/kernel/context"] },
    { file: "relay/streaming/probe.ts", imports: ["@/relay/upstream/send", "@/relay/settle/settle"] },
    { file: "relay/endpoints/probe.ts", imports: ["@/relay/entry/pipeline", "@/relay/routing/select-channel"] },
    { file: "relay/tasks/probe.ts", imports: ["@/relay/auth/auth", "@/relay/endpoints/shared"] },
    // The kernel: nothing of the relay but the kernel (not the vendors registry, not a stage).
    { file: "relay/kernel/probe.ts", imports: ["@/relay/vendors", "@/relay/entry/routes", "@/relay/kernel/errors"] },
    // Vendors: the kernel and other vendors only.
    {
      file: "relay/vendors/openai/probe.ts",
      imports: [
        "@/relay/settle/settle",
        "@/relay/upstream/send",
        "@/relay/kernel/json",
        "@/relay/vendors/anthropic/format",
      ],
    },
    // A relative path would slip past the rule; the module-entry rule still holds in a stage block.
    {
      file: "relay/upstream/probe.ts",
      imports: ["../entry/pipeline", "@/modules/logs/server/usage/record-log"],
    },
    // Forward: the entry may import every later stage, a stage its own folder, later ones and vendors.
    {
      file: "relay/entry/probe.ts",
      imports: ["@/relay/auth/auth", "@/relay/upstream/attempt", "@/relay/settle/settle", "@/relay/vendors"],
    },
    { file: "relay/upstream/probe2.ts", imports: ["@/relay/upstream/send", "@/relay/streaming/sse-response"] },
    // The console's door may import any stage.
    { file: "relay/public.ts", imports: ["@/relay/routing/probe", "@/relay/settle/settle"] },
  ];
  expect(refused(probes)).toEqual([
    ["@/relay/auth/protection"],
    ["@/relay/upstream/send"],
    ["@/relay/entry/pipeline", "@/relay/routing/select-channel"],
    ["@/relay/auth/auth"],
    ["@/relay/vendors", "@/relay/entry/routes"],
    ["@/relay/settle/settle", "@/relay/upstream/send"],
    ["../entry/pipeline", "@/modules/logs/server/usage/record-log"],
    [],
    [],
    [],
  ]);
});
