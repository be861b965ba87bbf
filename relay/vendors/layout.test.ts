// A vendor is one folder (README "Adding a vendor"): relay/vendors/<v>/ holds its catalogue row
// (entry.ts, data only: the browser's channel form imports it) and its code under the same file names
// in every vendor; the shared skeletons (shared/<skeleton>/) follow the same names. The catalogue
// (lib/channel-types.ts) and the registry (index.ts) index exactly these folders, and no vendor file
// reaches into a relay stage: vendors import the kernel, lib/ and each other only.
import fs from "node:fs";
import path from "node:path";
import { CHANNEL_TYPES, type VendorEntry } from "@/lib/channel-types";

const ROOT = __dirname;
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");
const exists = (rel: string) => fs.existsSync(path.join(ROOT, rel));
const dirs = (rel: string) =>
  fs
    .readdirSync(path.join(ROOT, rel), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** The pieces of a vendor, each optionally split by aspect (request-to-openai.ts), each with tests beside it. */
const PIECE = /^(entry|adapter|format|wire|request|response|stream|balance|models)(-[a-z0-9]+)*(\.test)?\.ts$/;
const VENDORS = dirs(".").filter((d) => d !== "shared");
const SKELETONS = dirs("shared").map((d) => `shared/${d}`);
const STAGES = ["entry", "auth", "routing", "endpoints", "upstream", "streaming", "settle", "tasks"];

function allFiles(rel: string): string[] {
  return fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true }).flatMap((d) => {
    const child = `${rel}/${d.name}`;
    return d.isDirectory() ? allFiles(child) : [child];
  });
}

test("every vendor and skeleton folder holds only the allowed file names, flat", () => {
  for (const folder of [...VENDORS, ...SKELETONS]) {
    const entries = fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true });
    const odd = entries.filter((e) => !e.isFile() || !PIECE.test(e.name)).map((e) => `${folder}/${e.name}`);
    expect(odd).toEqual([]);
  }
  const skeletonOnlyPieces = SKELETONS.filter((s) => exists(`${s}/entry.ts`));
  expect(skeletonOnlyPieces).toEqual([]);
  expect(fs.readdirSync(path.join(ROOT, "shared")).filter((f) => f.endsWith(".ts"))).toEqual([
    "console-api.ts",
    "convert-guard.ts",
  ]);
  expect(fs.readdirSync(ROOT).filter((f) => f.endsWith(".ts"))).toEqual([
    "entries.ts",
    "index.test.ts",
    "index.ts",
    "layout.test.ts",
  ]);
});

test("every vendor folder has an entry.ts that is data only, and the catalogue is exactly these entries", () => {
  // The catalogue's list: one line per vendor (README "Adding a vendor": a folder plus that line).
  const catalogue = read("entries.ts");
  const seen: number[] = [];
  for (const vendor of VENDORS) {
    const source = read(`${vendor}/entry.ts`);
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    // The browser imports it: no server-only, no node modules, nothing but the entry's types and model lists.
    expect([vendor, imports.filter((i) => i !== "@/lib/channel-type-shape" && i !== "@/lib/default-models")]).toEqual([
      vendor,
      [],
    ]);
    const code = source.replace(/^\s*\/\/.*$/gm, "");
    expect([vendor, /server-only|node:|require\(|=>|\bfunction\b/.test(code)]).toEqual([vendor, false]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { entry } = require(`./${vendor}/entry`) as { entry: VendorEntry };
    expect(JSON.parse(JSON.stringify(entry))).toEqual(entry);
    expect([
      vendor,
      catalogue.split("\n").filter((l) => l.includes(`"@/relay/vendors/${vendor}/entry"`)).length,
    ]).toEqual([vendor, 1]);
    expect(CHANNEL_TYPES.find((t) => t.id === entry.id)).toMatchObject(entry);
    seen.push(entry.id);
  }
  expect(seen.sort((a, b) => a - b)).toEqual(CHANNEL_TYPES.map((t) => t.id).sort((a, b) => a - b));
  // The type picker's order is each row's listOrder: one place per row, ascending in the catalogue.
  const orders = CHANNEL_TYPES.map((t) => t.listOrder);
  expect(new Set(orders).size).toBe(orders.length);
  expect(orders).toEqual([...orders].sort((a, b) => a - b));
});

test("the registry's names are folders: transport -> <v>/adapter.ts, balance -> <v>/balance.ts, modelsApi -> <v>/models.ts", () => {
  const registry = read("index.ts");
  const taskPlatforms = new Set(["midjourney", "suno", "video"]);
  const wanted = new Set<string>();
  for (const t of CHANNEL_TYPES) {
    if (t.transport && t.transport !== "openai" && !taskPlatforms.has(t.transport))
      wanted.add(`${t.transport}/adapter.ts`);
    if (t.balance) wanted.add(`${t.balance}/balance.ts`);
    if (t.modelsApi)
      wanted.add(t.modelsApi === "openai" ? "shared/openai-style/models.ts" : `${t.modelsApi}/models.ts`);
  }
  wanted.add("shared/openai-style/adapter.ts");
  const present = VENDORS.flatMap((v) =>
    ["adapter.ts", "balance.ts", "models.ts"].filter((f) => exists(`${v}/${f}`)).map((f) => `${v}/${f}`),
  );
  // Every piece an entry names exists and the registry imports it; every vendor piece is named by an entry.
  for (const piece of wanted) {
    expect([piece, exists(piece)]).toEqual([piece, true]);
    expect([piece, registry.includes(`"@/relay/vendors/${piece.replace(/\.ts$/, "")}"`)]).toEqual([piece, true]);
  }
  expect(present.filter((p) => !wanted.has(p))).toEqual([]);
});

test("vendor code imports the kernel, lib/ and vendors, never a relay stage", () => {
  const offending = allFiles(".")
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .flatMap((f) =>
      [...read(f).matchAll(/from "(@\/relay\/([^/"]+)[^"]*|\.[^"]*)"/g)]
        .filter((m) => m[1]!.startsWith(".") || STAGES.includes(m[2]!) || m[2] === "public")
        .map((m) => `${f}: ${m[1]}`),
    );
  expect(offending).toEqual([]);
});
