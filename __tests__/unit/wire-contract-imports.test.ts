// The wire contract's one exception to "routes import modules, never the other way round": client code
// (fetchers, hooks, screens) may import a route file for its answer type only. eslint.config.mjs refuses
// a value import of a route, any import of the rest of app/, and any import of app/ from server code.
import { refusedImports, type Probe } from "@/test-support/lint-probes";

test("client code imports a route's answer type, nothing else of app/", () => {
  const probes: Probe[] = [
    {
      file: "modules/tokens/client/probe.ts",
      typeOnly: true,
      imports: ["@/app/api/token/route", "@/app/api/token/[id]/key/route", "@/app/console/token/page"],
    },
    { file: "modules/tokens/components/probe.tsx", imports: ["@/app/api/token/route"] },
    { file: "modules/tokens/server/probe.ts", typeOnly: true, imports: ["@/app/api/token/route"] },
  ];
  expect(refusedImports(probes)).toEqual([
    ["@/app/console/token/page"],
    ["@/app/api/token/route"],
    ["@/app/api/token/route"],
  ]);
});
