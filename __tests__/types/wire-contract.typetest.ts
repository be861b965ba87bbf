// Type test of issue 38 item 4, checked by the `tsc --noEmit` step of `npm test` (and by next build):
// each `@ts-expect-error` line must fail to compile, or tsc reports the directive as unused and the
// suite fails. The plain lines beside them must compile, so a probe cannot pass by failing for another
// reason (a broken import). Nothing here runs: jest picks up *.test.ts only.
import { apiData } from "@/lib/client/api";
import type { GetTokensAnswer } from "@/app/api/token/route";
import type { GetTokenAnswer } from "@/app/api/token/[id]/route";
import type { Options } from "@/lib/server/options/store";
import { getBoolOption, getJsonOption, getNumberOption, getOption } from "@/lib/server/options/store";

// Option keys: each reader takes only the declared keys of its kind (lib/server/options/defaults.ts).
export async function readOptions(o: Options) {
  return [
    o.bool("PasswordLoginEnabled"),
    // @ts-expect-error a misspelled key
    o.bool("PasswordLoginEnabeld"),
    o.num("QuotaPerUnit"),
    // @ts-expect-error a boolean option read as a number
    o.num("PasswordLoginEnabled"),
    o.str("SystemName"),
    // @ts-expect-error a number option read as text
    o.str("QuotaPerUnit"),
    (o.json("GroupRatio", {})["vip"] ?? 1).toFixed(2),
    // @ts-expect-error GroupRatio is a map of numbers
    o.json("GroupRatio", { vip: "1" }),
    await getOption("ServerAddress"),
    // @ts-expect-error a misspelled key
    await getOption("ServerAdress"),
    await getBoolOption("RegisterEnabled"),
    await getNumberOption("CheckInQuota"),
    // @ts-expect-error a boolean option read as a number
    await getNumberOption("CheckInEnabled"),
    await getJsonOption("UserUsableGroups", {}),
  ];
}

// Fetchers: the answer type comes from the route; one that declares another shape does not compile.
type HandWrittenToken = { id: number; name: string; quota: number };

export const fetchTokenNames = () => apiData<GetTokensAnswer>("/api/token/").then((p) => p.items.map((t) => t.name));
export const fetchToken = (id: number): Promise<GetTokenAnswer> => apiData<GetTokenAnswer>(`/api/token/${id}`);
// @ts-expect-error the fetcher declares a hand-written answer the route does not send (no quota field)
export const fetchWrong = (id: number): Promise<HandWrittenToken> => apiData<GetTokenAnswer>(`/api/token/${id}`);
export const fetchRenamed = () =>
  // @ts-expect-error a field the route's answer does not have (remain_quota is its name)
  apiData<GetTokensAnswer>("/api/token/").then((p) => p.items.map((t) => t.remain));
