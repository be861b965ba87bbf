// Shared steps of the channel API tests (not a test file itself).
import * as channelRoute from "@/app/api/channel/route";
import { db } from "@/lib/server/db";
import { call } from "./harness";

export type ChannelRow = Record<string, unknown> & { id: number; name: string; status: number; tag: string };
export type ChannelPage = {
  items: (ChannelRow & { is_tag?: boolean; children?: ChannelRow[] })[];
  total: number;
  page: number;
  page_size: number;
  type_counts: Record<string, number>;
};

export const EN = { "accept-language": "en" };

/** POST /api/channel/ as the given admin; answers the new ids (throws on refusal). */
export async function createChannels(cookie: string, body: Record<string, unknown>): Promise<number[]> {
  const res = await call<{ ids: number[] }>(channelRoute, "POST", "/api/channel/", { cookie, body });
  if (!res.json.success) throw new Error(`create failed: ${res.json.message}`);
  return res.json.data.ids;
}

export async function createChannel(cookie: string, fields: Record<string, unknown>): Promise<number> {
  const [id] = await createChannels(cookie, {
    name: "c",
    type: 1,
    key: "sk-test",
    models: "gpt-4o-mini",
    group: "default",
    ...fields,
  });
  return id!;
}

/** The ability rows of a channel as "group/model:enabled" strings, sorted. */
export async function abilitiesOf(channelId: number): Promise<string[]> {
  const rows = await db().ability.findMany({ where: { channelId } });
  return rows.map((r) => `${r.group}/${r.model}:${r.enabled ? 1 : 0}:${r.tag}`).sort();
}

export async function channelCount(): Promise<number> {
  return db().channel.count();
}
