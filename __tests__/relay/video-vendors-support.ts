// Shared by the video vendor relay tests (video-vendors-kling-vidu.test.ts, video-vendors-veo-ark-jimeng.test.ts):
// a gateway polling tasks every 300 ms with every video model priced, the loopback mock of each vendor a
// file asks for and the channels that reach it (keys, signatures and JWTs checked by the mocks), and the
// calls and billing reads the tests share.
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { startGateway, type Gateway } from "./gateway";
import { startMockDoubaoVideo, type MockDoubaoVideo } from "./mock-doubao-video";
import { startMockJimeng, type MockJimeng } from "./mock-jimeng";
import { startMockKling, type MockKling } from "./mock-kling";
import { startMockVeo, type MockVeo } from "./mock-veo";
import { startMockVertexVeo, type MockVertexVeo } from "./mock-vertex-veo";
import { startMockVidu, type MockVidu } from "./mock-vidu";

export const START = 50_000_000;
/** A per-task model's price (0.2) in quota. */
export const PRICE = Math.round(0.2 * 500_000);
export const ARK_KEY = "ark-key-0123456789";
export const VEO_KEY = "AIza-veo-key-0123";
export const VIDU_KEY = "vidu-api-key-0123";
const AK = "ak-test-kling";
const SK = "sk-secret-kling-0123456789";
const JM_AK = "AKLTjimeng0123";
const JM_SK = "jimeng-secret-key-456789";
const SA_EMAIL = "veo@proj.iam.gserviceaccount.com";

const MODEL_PRICE = {
  "kling-v1": 0.2,
  viduq1: 0.2,
  "veo-3.1-generate-preview": 0.4,
  "doubao-seedance-1-0-pro-250528": 0.2,
  jimeng_vgfm_t2v_l20: 0.2,
  jimeng_wrong_secret: 0.2,
  "veo-3.0-generate-001": 0.4,
};

type Mocks = {
  kling: MockKling;
  vidu: MockVidu;
  veo: MockVeo;
  ark: MockDoubaoVideo;
  jimeng: MockJimeng;
  vertex: MockVertexVeo;
};
export type Vendor = keyof Mocks;

/** Each vendor: its mock started and its channels created on the gateway. */
const SET_UP: { [V in Vendor]: (gw: Gateway) => Promise<Mocks[V]> } = {
  async kling(gw) {
    const m = await startMockKling(AK, SK);
    await gw.createChannel({ type: 50, name: "kling", key: `${AK}|${SK}`, base_url: m.url, models: "kling-v1" });
    return m;
  },
  async vidu(gw) {
    const m = await startMockVidu(VIDU_KEY);
    await gw.createChannel({ type: 52, name: "vidu", key: VIDU_KEY, base_url: m.url, models: "viduq1" });
    return m;
  },
  async veo(gw) {
    const m = await startMockVeo(VEO_KEY);
    await gw.createChannel({
      type: 24,
      name: "veo",
      key: VEO_KEY,
      base_url: m.url,
      models: "veo-3.1-generate-preview",
    });
    return m;
  },
  async ark(gw) {
    const m = await startMockDoubaoVideo(ARK_KEY);
    const models = "doubao-seedance-1-0-pro-250528,doubao-seedance-1-0-lite-t2v";
    await gw.createChannel({ type: 54, name: "seedance", key: ARK_KEY, base_url: m.url, models });
    return m;
  },
  async jimeng(gw) {
    const m = await startMockJimeng(JM_AK, JM_SK);
    const jm = { type: 51, base_url: m.url };
    await gw.createChannel({ ...jm, name: "jimeng", key: `${JM_AK}|${JM_SK}`, models: "jimeng_vgfm_t2v_l20" });
    await gw.createChannel({
      ...jm,
      name: "jimeng-bad",
      key: `${JM_AK}|not-the-secret`,
      models: "jimeng_wrong_secret",
    });
    return m;
  },
  async vertex(gw) {
    const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
    const m = await startMockVertexVeo(await exportSPKI(publicKey), SA_EMAIL, "proj");
    await gw.createChannel({
      type: 41,
      name: "vertex-veo",
      key: JSON.stringify({
        type: "service_account",
        project_id: "proj",
        client_email: SA_EMAIL,
        private_key: await exportPKCS8(privateKey),
        token_uri: `${m.url}/token`,
      }),
      base_url: m.url,
      other: "us-central1",
      models: "veo-3.0-generate-001",
    });
    return m;
  },
};

export type VideoBench<V extends Vendor> = Pick<Mocks, V> & { gw: Gateway; stop: () => Promise<void> };

/** A gateway with the video models priced and the given vendors' mocks and channels. */
export async function startVideoBench<V extends Vendor>(vendors: V[]): Promise<VideoBench<V>> {
  const mocks: Partial<Mocks> = {};
  let gw: Gateway | undefined;
  const stop = async () => {
    await gw?.stop();
    for (const m of Object.values(mocks)) await m.close();
  };
  try {
    gw = await startGateway({ env: { TASK_POLL_INTERVAL_MS: "300" } });
    await gw.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify(MODEL_PRICE) });
    for (const v of vendors) Object.assign(mocks, { [v]: await SET_UP[v](gw) });
    return { ...(mocks as Pick<Mocks, V>), gw, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The calls and reads the tests share; `gateway` is read at each call (the files start theirs in beforeAll). */
export function videoCalls(gateway: () => Gateway) {
  const remain = async (id: number) =>
    Number(
      (await gateway().sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", id))[0]!.remainQuota,
    );
  /** The token's log rows (type 2 consume, 7 refund) in order. */
  const logsOf = (tokenId: number) =>
    gateway().sql<{ type: number; quota: number }>(
      "select type, quota from logs where tokenId = ? order by id",
      tokenId,
    );
  return {
    remain,
    logsOf,
    post: (key: string, path: string, body: unknown) =>
      fetch(`${gateway().url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    get: async <T>(key: string, path: string) =>
      (await (await fetch(`${gateway().url}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as T,
    /** Veo's bill at 0.4 per second: a 4-second task kept, then one of Veo's default 8 seconds refunded. */
    async expectVeoBilling(tokenId: number) {
      await gateway().settle();
      const four = Math.round(0.4 * 500_000 * 4);
      const eight = Math.round(0.4 * 500_000 * 8);
      expect(await logsOf(tokenId)).toEqual([
        { type: 2, quota: four },
        { type: 2, quota: eight },
        { type: 7, quota: eight },
      ]);
      expect(await remain(tokenId)).toBe(START - four);
    },
  };
}
