// Modules import each other only through their doors (modules/<m>/server/index.ts and client/index.ts),
// shared components import no module, and app/ routes import their modules freely: eslint.config.mjs
// refuses the rest. Each probe is linted as if it were the file it names, all in one eslint process.
import { refusedImports, type Probe } from "@/test-support/lint-probes";

test("eslint refuses an import past another module's door (tests in a module too) and any module import from components/", () => {
  const probes: Probe[] = [
    // Server code: the other module's server door passes, a file behind it does not; its own files pass.
    {
      file: "modules/wallet/server/probe.ts",
      imports: [
        "@/modules/profile/server",
        "@/modules/profile/server/credit-inviter",
        "@/modules/logs/server/usage/list-logs",
        "@/modules/wallet/server/complete-topup-order",
        "@/lib/server/ledger/journal",
      ],
    },
    // Types go through the door too; so does a relative path, which never reaches one.
    {
      file: "modules/settings/client/probe.ts",
      typeOnly: true,
      imports: [
        "@/modules/pricing/client",
        "@/modules/pricing/ratios/preset-ratios",
        "../../pricing/ratios/preset-ratios",
      ],
    },
    // Client code: the other module's client door passes; its schemas file and a value from a server door do not.
    {
      file: "modules/wallet/components/probe.tsx",
      imports: ["@/modules/redemptions/client", "@/modules/redemptions/schemas", "@/modules/profile/server"],
    },
    // auth, users and profile (once accounts) are modules like any other: profile reaches auth's widgets
    // through auth's client door, never a file behind it.
    {
      file: "modules/profile/components/bindings/probe.tsx",
      imports: ["@/modules/auth/client", "@/modules/auth/components/telegram-widget", "@/modules/users/client"],
    },
    // Shared components import no module, not even through a door; the shared kit is fine.
    {
      file: "components/layout/probe.ts",
      imports: ["@/modules/messages/client", "@/modules/messages/client/inbox-api", "@/lib/client/inbox-bell"],
    },
    // Routes are the modules' own: any module file.
    { file: "app/admin/probe/page.tsx", imports: ["@/modules/settings/components/settings-page-client"] },
    // A module's tests keep the doors (the module moves with its tests); being no client code, a
    // component test may import its module's server files and a route handler, as its API tests do.
    {
      file: "modules/tokens/components/probe.test.tsx",
      imports: [
        "@/modules/tokens/server/create-token",
        "@/app/api/token/route",
        "@/modules/channels/client",
        "@/modules/channels/client/channels-api",
      ],
    },
    {
      file: "modules/wallet/__tests__/probe.test.ts",
      imports: [
        "@/test-support/api/harness",
        "@/app/api/user/topup/route",
        "@/modules/wallet/server/complete-topup-order",
        "@/modules/redemptions/server/redeem-code",
      ],
    },
  ];
  expect(refusedImports(probes)).toEqual([
    ["@/modules/profile/server/credit-inviter", "@/modules/logs/server/usage/list-logs"],
    ["@/modules/pricing/ratios/preset-ratios", "../../pricing/ratios/preset-ratios"],
    ["@/modules/redemptions/schemas", "@/modules/profile/server"],
    ["@/modules/auth/components/telegram-widget"],
    ["@/modules/messages/client", "@/modules/messages/client/inbox-api"],
    [],
    ["@/modules/channels/client/channels-api"],
    ["@/modules/redemptions/server/redeem-code"],
  ]);
});
