import { selectChannel, selectKey } from "@/relay/routing/select-channel";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";

function ch(id: number, priority: number, weight = 0, extra: Partial<CachedChannel> = {}): CachedChannel {
  return {
    id,
    type: 1,
    name: `c${id}`,
    baseUrl: "",
    other: "",
    organization: "",
    keys: ["k"],
    multiKey: null,
    modelMapping: null,
    statusCodeMapping: null,
    paramOverride: null,
    headerOverride: null,
    systemPrompt: "",
    setting: {},
    autoBan: true,
    priority,
    weight,
    createdTime: 0,
    ...extra,
  };
}

const sorted = (list: CachedChannel[]) => [...list].sort((a, b) => b.priority - a.priority);

describe("selectChannel", () => {
  test("the first attempt picks from the highest priority tier only", () => {
    const list = sorted([ch(1, 10), ch(2, 10), ch(3, 0)]);
    for (let i = 0; i < 50; i++) expect([1, 2]).toContain(selectChannel(list, 0, new Set())!.id);
  });

  test("weights decide inside a tier", () => {
    const list = sorted([ch(1, 5, 1), ch(2, 5, 3)]);
    expect(selectChannel(list, 0, new Set(), () => 0.1)!.id).toBe(1); // 0.4 of total 4 < 1
    expect(selectChannel(list, 0, new Set(), () => 0.5)!.id).toBe(2);
  });

  test("a retry moves one tier down and never re-tries a failed channel while others remain", () => {
    const list = sorted([ch(1, 10), ch(2, 5), ch(3, 0)]);
    expect(selectChannel(list, 1, new Set([1]))!.id).toBe(2);
    expect(selectChannel(list, 2, new Set([1, 2]))!.id).toBe(3);
    expect(selectChannel(list, 1, new Set([2]))!.id).toBe(3);
    expect(selectChannel(list, 5, new Set([3]))!.id).toBe(2);
    expect(selectChannel(list, 1, new Set([1, 2, 3]))).toBeNull();
  });

  test("an empty candidate list gives null", () => {
    expect(selectChannel([], 0, new Set())).toBeNull();
  });
});

describe("selectKey", () => {
  test("single-key channels use their key", () => {
    expect(selectKey(ch(1, 0))).toEqual({ key: "k", index: 0 });
  });

  test("polling walks the enabled keys in order, skipping disabled ones", () => {
    const c = ch(1, 0, 0, {
      keys: ["a", "b", "c"],
      multiKey: { mode: "polling", disabled: new Set([1]), pollIndex: 0 },
    });
    expect([selectKey(c)!.key, selectKey(c)!.key, selectKey(c)!.key]).toEqual(["a", "c", "a"]);
  });

  test("random mode never picks a disabled key; all disabled gives null", () => {
    const c = ch(1, 0, 0, { keys: ["a", "b"], multiKey: { mode: "random", disabled: new Set([0]), pollIndex: 0 } });
    for (let i = 0; i < 20; i++) expect(selectKey(c)!.key).toBe("b");
    c.multiKey!.disabled.add(1);
    expect(selectKey(c)).toBeNull();
  });
});
