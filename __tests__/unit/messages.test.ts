// zh and en catalogues must offer exactly the same keys, and no text may be empty.
import { catalogues, writtenCatalogues } from "@/messages";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object") for (const [k, v] of leaves(value, name)) out.set(k, v);
    else out.set(name, value);
  }
  return out;
}

const zh = leaves(catalogues.zh as unknown as Tree);
const en = leaves(catalogues.en as unknown as Tree);

test("both locales have the same namespaces", () => {
  expect(Object.keys(catalogues.zh).sort()).toEqual(Object.keys(catalogues.en).sort());
});

test("zh and en have exactly the same nested keys", () => {
  const onlyZh = [...zh.keys()].filter((k) => !en.has(k));
  const onlyEn = [...en.keys()].filter((k) => !zh.has(k));
  expect({ onlyZh, onlyEn }).toEqual({ onlyZh: [], onlyEn: [] });
});

test.each([
  ["zh", zh],
  ["en", en],
])("%s has no empty or non-string values", (_locale, map) => {
  const bad = [...map].filter(([, v]) => typeof v !== "string" || v.trim() === "").map(([k]) => k);
  expect(bad).toEqual([]);
});

test("placeholders match between the locales", () => {
  const placeholders = (text: unknown) => [...String(text).matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
  const mismatched = [...zh.keys()].filter(
    (k) => en.has(k) && JSON.stringify(placeholders(zh.get(k))) !== JSON.stringify(placeholders(en.get(k))),
  );
  expect(mismatched).toEqual([]);
});

describe("texts shared by the console and the server are written once", () => {
  // Same zh text, different purpose (an input placeholder, a state label): kept apart on purpose.
  const DIFFERENT_PURPOSE = new Set([
    "auth.setup.username_placeholder",
    "admin_messages.form.title_placeholder",
    "admin_messages.form.content_placeholder",
    "me.checkin_done",
  ]);

  test("every @server.<key> link is filled in", () => {
    const unresolved = [...zh, ...en].filter(([, v]) => String(v).startsWith("@server.")).map(([k]) => k);
    expect(unresolved).toEqual([]);
    expect(catalogues.zh.channels.error_nothing_changed).toBe(catalogues.zh.server.channel_tag_nothing_changed);
    expect(catalogues.en.settings.problems.range).toBe(catalogues.en.server.option_range);
  });

  test("no console text copies a server text (link it with @server.<key>)", () => {
    const written = leaves(writtenCatalogues.zh as unknown as Tree);
    const serverTexts = new Set([...written].filter(([k]) => k.startsWith("server.")).map(([, v]) => v));
    const copies = [...written]
      .filter(([k, v]) => !k.startsWith("server.") && !DIFFERENT_PURPOSE.has(k) && serverTexts.has(v))
      .map(([k]) => k);
    expect(copies).toEqual([]);
  });
});
