// Read-your-writes across the processes of one instance (issue 36): a console write that has been
// answered is seen by the very next request on every process, whichever process wrote it. Run by
// workers.test.ts on its 2-worker gateway (kept apart: that file holds the other worker tests).
import type http from "node:http";
import type { Gateway } from "./gateway";
import type { MockUpstream } from "../../test-support/upstream/mock-upstream";
import { workersOf, type Reply } from "./workers-client";

/** Requests of each read: ten on fresh connections, one on each process's own. */
const READS = 12;

export type WorkersContext = {
  gw: Gateway;
  /** Two keep-alive connections, one to each process. */
  pair: http.Agent[];
  up: MockUpstream;
  send: (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string,
    agent?: http.Agent,
  ) => Promise<Reply>;
  call: (key: string, model: string, stream?: boolean, agent?: http.Agent) => Promise<Reply>;
  /** Quota of one call of the priced models (ModelPrice m-ryw). */
  priceQuota: number;
};

/** Six rounds, alternating the writing process: options, a group ratio, tokens, channels, users. */
export async function writesSeenEverywhere({ gw, pair, up, send, call, priceQuota }: WorkersContext): Promise<void> {
  const token = await gw.createToken();
  const user = await gw.createUser("rywuser", 1000 * priceQuota);
  const channelId = await gw.createChannel({ name: "ryw", key: "sk-up", base_url: up.url, models: "m-ryw" });
  /** A console write as root, on the connection of one process. */
  const write = async (writer: http.Agent, method: string, path: string, body: unknown) => {
    const r = await send(method, path, { cookie: gw.cookieHeader() }, JSON.stringify(body), writer);
    expect(JSON.parse(r.body)).toMatchObject({ success: true });
  };
  /**
   * Ten requests at once on fresh connections (which land on whichever process accepts first), and
   * one on each process's own connection, so both processes always answer some.
   */
  const everywhere = async (one: (agent?: http.Agent) => Promise<Reply>) => {
    const replies = await Promise.all([...Array.from({ length: 10 }, () => one()), one(pair[0]), one(pair[1])]);
    expect(workersOf(replies).size).toBe(2);
    return replies;
  };
  const statusRead = async () =>
    (await everywhere((agent) => send("GET", "/api/status", {}, "", agent))).map((r) => JSON.parse(r.body).data);
  const pricingRead = async () =>
    (await everywhere((agent) => send("GET", "/api/pricing", {}, "", agent))).map((r) => JSON.parse(r.body));
  /** How many of the READS relay calls passed. */
  const passed = async (key: string) =>
    (await everywhere((agent) => call(key, "m-ryw", false, agent))).filter((r) => r.status === 200).length;
  try {
    for (const [round, writer] of [pair[0]!, pair[1]!, pair[0]!, pair[1]!, pair[0]!, pair[1]!].entries()) {
      // An option, and a group ratio (an option the price table reads).
      await write(writer, "PUT", "/api/option/", { key: "SystemName", value: `ryw-${round}` });
      expect((await statusRead()).map((d) => d.system_name)).toEqual(Array(READS).fill(`ryw-${round}`));
      const groupRatio = JSON.stringify({ default: 1, vip: round + 2, svip: 1 });
      await write(writer, "PUT", "/api/option/", { key: "GroupRatio", value: groupRatio });
      expect((await pricingRead()).map((p) => p.group_ratio.vip)).toEqual(Array(READS).fill(round + 2));
      // A token's status, then its quota.
      await write(writer, "PUT", "/api/token/?status_only=true", { id: token.id, status: 2 });
      expect(await passed(token.key)).toBe(0);
      await write(writer, "PUT", "/api/token/?status_only=true", { id: token.id, status: 1 });
      expect(await passed(token.key)).toBe(READS);
      await write(writer, "PUT", "/api/token/", { id: token.id, unlimited_quota: false, remain_quota: 1 });
      expect(await passed(token.key)).toBe(0);
      await write(writer, "PUT", "/api/token/", { id: token.id, unlimited_quota: true });
      expect(await passed(token.key)).toBe(READS);
      // A channel's status.
      await write(writer, "PUT", "/api/channel/", { id: channelId, status: 2 });
      expect(await passed(token.key)).toBe(0);
      await write(writer, "PUT", "/api/channel/", { id: channelId, status: 1 });
      expect(await passed(token.key)).toBe(READS);
      // A user's status, then its group (no channel serves m-ryw in svip).
      await write(writer, "POST", "/api/user/manage", { id: user.id, action: "disable" });
      expect(await passed(user.key)).toBe(0);
      await write(writer, "POST", "/api/user/manage", { id: user.id, action: "enable" });
      expect(await passed(user.key)).toBe(READS);
      await write(writer, "PUT", "/api/user/", { id: user.id, group: "svip" });
      expect(await passed(user.key)).toBe(0);
      await write(writer, "PUT", "/api/user/", { id: user.id, group: "default" });
      expect(await passed(user.key)).toBe(READS);
    }
  } finally {
    await gw.api("PUT", "/api/option/", { key: "GroupRatio", value: JSON.stringify({ default: 1, vip: 1, svip: 1 }) });
  }
}
