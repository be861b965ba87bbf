// Channel type 51: Jimeng (即梦) video generation on Volcengine's visual API, new-api's
// ChannelTypeJimeng. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported by
// the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 51,
  name: "Jimeng",
  listOrder: 394,
  models: ["jimeng_vgfm_t2v_l20", "jimeng_vgfm_i2v_l20"],
  baseUrlPlaceholder: "https://visual.volcengineapi.com",
  transport: "video",
  defaultBaseUrl: "https://visual.volcengineapi.com",
  keyFormat: "AccessKeyID|SecretAccessKey",
  form: { setup: "jimeng" },
};
