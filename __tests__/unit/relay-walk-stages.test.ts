// The rules docs/architecture.md's walks are held to (__tests__/relay/relay-walk.test.ts): where a file
// sits on the relay's path, and what counts as going back to an earlier stage.
import {
  firstStageReturn,
  folderOf,
  inListingOrder,
  stageReturns,
  stageSequence,
} from "../../scripts/relay-walk-stages.mjs";

test("a file is filed under its relay stage, the relay's root, or its top folder", () => {
  expect(folderOf("relay/entry/handler.ts")).toBe("relay/entry");
  expect(folderOf("relay/vendors/gemini/adapter.ts")).toBe("relay/vendors");
  expect(folderOf("relay/public.ts")).toBe("relay");
  expect(folderOf("lib/server/db.ts")).toBe("lib");
  expect(folderOf("server/main.ts")).toBe("server");
});

test("the listing order: the HTTP edge, the stages in order, then what they share, by path in a folder", () => {
  const files = [
    "lib/env.ts",
    "relay/kernel/json.ts",
    "relay/settle/settle.ts",
    "relay/vendors/shared/openai-style/format.ts",
    "relay/auth/auth.ts",
    "server/main.ts",
    "relay/entry/routes.ts",
    "relay/entry/handler.ts",
  ];
  expect(inListingOrder(files)).toEqual([
    "server/main.ts",
    "relay/entry/handler.ts",
    "relay/entry/routes.ts",
    "relay/auth/auth.ts",
    "relay/settle/settle.ts",
    "relay/vendors/shared/openai-style/format.ts",
    "relay/kernel/json.ts",
    "lib/env.ts",
  ]);
});

test("a walk that goes back to an earlier stage folder is caught at the file that goes back", () => {
  const walk = [
    "server/main.ts",
    "relay/entry/handler.ts",
    "relay/endpoints/token-queries.ts",
    "relay/kernel/http-io.ts",
    "relay/entry/routes.ts",
    "relay/upstream/send.ts",
  ];
  expect(firstStageReturn(walk)).toBe("relay/entry/routes.ts");
  expect(stageSequence(walk)).toEqual(["entry", "endpoints", "entry", "upstream"]);
  expect(stageReturns(stageSequence(walk))).toBe(1);
});

test("shared folders between stages, and staying in one stage, are not returns", () => {
  const walk = [
    "relay/entry/handler.ts",
    "relay/kernel/http-io.ts",
    "relay/entry/pipeline.ts",
    "lib/server/ledger/ledger.ts",
    "relay/upstream/send.ts",
    "relay/vendors/shared/openai-style/adapter.ts",
    "relay/upstream/upstream-call.ts",
    "relay/settle/settle.ts",
  ];
  expect(firstStageReturn(walk)).toBeNull();
  expect(stageReturns(stageSequence(walk))).toBe(0);
});
