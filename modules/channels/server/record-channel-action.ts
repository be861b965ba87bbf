import "server-only";

// Audit trail of admin changes to channels (issue 17): who did what to which channel, as a type 3
// log under the admin. Field names are listed, never the key or other values (they may be secrets).
import { recordAdminAction, type AdminActor } from "@/lib/server/ledger/journal";

const ACTION_TEXT = {
  create: "创建了渠道",
  update: "修改了渠道",
  delete: "删除了渠道",
  delete_many: "批量删除了渠道",
  delete_disabled: "删除了所有自动禁用的渠道",
  copy: "复制了渠道",
  edit_tag: "修改了标签下的渠道",
  enable_tag: "启用了标签下的渠道",
  disable_tag: "禁用了标签下的渠道",
  tag_many: "批量设置了渠道标签",
  fix_abilities: "重建了渠道路由表",
  multi_key_manage: "管理了渠道的密钥",
  status: "修改了渠道状态",
  status_many: "批量修改了渠道状态",
  key_view: "查看了渠道",
} as const;

export type ChannelAction = keyof typeof ACTION_TEXT;

export async function recordChannelAction(
  actor: AdminActor,
  action: ChannelAction,
  detail: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordAdminAction(actor, `channel_${action}`, `${ACTION_TEXT[action]}${detail ? ` ${detail}` : ""}`, details);
}
