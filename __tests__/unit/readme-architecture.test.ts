// The folder map in the README's "Architecture" section matches the tree: every path it names exists,
// and every capability module and every relay folder is on it.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Architecture"));
const block = section.slice(section.indexOf("```\n") + 4, section.indexOf("\n```", section.indexOf("```\n") + 4));

/** Paths of the map: indentation (two spaces a level) nests an entry under the folder above it. */
function mapPaths(): string[][] {
  const parents: string[] = [];
  const out: string[][] = [];
  for (const line of block.split("\n")) {
    const m = /^( *)(\S+(?:, \S+)*(?: \| \S+)?)(?:\s{2,}|$)/.exec(line);
    if (!m || line.trim() === "") continue;
    const depth = m[1]!.length / 2;
    const names = m[2]!;
    parents.length = depth;
    // "a | b": one of them; "a, b": each of them; "<x>" placeholders stand for any entry.
    const alternatives = names.split(" | ").map((alt) => alt.split(", ").map((n) => n.replace(/,$/, "")));
    const base = parents.filter(Boolean).join("");
    out.push(alternatives.flatMap((group) => group.map((n) => base + n)));
    const single = alternatives.length === 1 && alternatives[0]!.length === 1 ? alternatives[0]![0]! : "";
    parents[depth] = single.endsWith("/") ? single : "";
  }
  return out;
}

const exists = (p: string) => fs.existsSync(path.join(ROOT, p.replace(/\*\*.*$/, "").replace(/\{zh,en\}\/$/, "zh/")));

test("the map is read (a sample of its entries)", () => {
  const all = mapPaths().flat();
  expect(all).toEqual(
    expect.arrayContaining(["modules/tokens/", "relay/entry/", "components/admin/"]),
  );
  expect(all.length).toBeGreaterThan(50);
});

test("every path on the map exists", () => {
  const missing = mapPaths()
    .filter((alts) => !alts.some((p) => p.includes("<")))
    .filter((alts) => !alts.some((p) => !p.includes("*") && exists(p)) && !alts.some((p) => p.includes("*")))
    .map((alts) => alts.join(" | "));
  expect(missing).toEqual([]);
});

test("every capability module and every relay folder is on the map", () => {
  const named = mapPaths().flat();
  const dirs = (dir: string) =>
    fs
      .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${dir}/${d.name}/`);
  const unlisted = [...dirs("modules"), ...dirs("relay"), ...dirs("components")].filter(
    (d) => !named.some((n) => n === d || n.startsWith(`${d}<`)),
  );
  expect(unlisted).toEqual([]);
});
