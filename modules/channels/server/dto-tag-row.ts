import "server-only";

// Tag aggregation: channels sharing a tag shown as one row with their
// children. Used quota and balance are summed; the response time is the mean of the children that
// were tested (untested children, time 0, would otherwise make the tag look faster than it is).
import { CHANNEL_STATUS } from "@/lib/constants";
import type { toChannelDto } from "@/modules/channels/server/dto";
import { toList } from "@/lib/channel-rules";

export type ChannelDto = ReturnType<typeof toChannelDto>;

export type TagRowDto = {
  is_tag: true;
  id: string;
  tag: string;
  name: string;
  type: number;
  status: number;
  group: string;
  models: string;
  priority: number;
  weight: number;
  used_quota: number;
  balance: number;
  response_time: number;
  test_time: number;
  children: ChannelDto[];
};

export function toTagRow(tag: string, children: ChannelDto[]): TagRowDto {
  const tested = children.filter((c) => c.response_time > 0);
  const status = children.some((c) => c.status === CHANNEL_STATUS.enabled)
    ? CHANNEL_STATUS.enabled
    : children.every((c) => c.status === CHANNEL_STATUS.autoDisabled)
      ? CHANNEL_STATUS.autoDisabled
      : CHANNEL_STATUS.manuallyDisabled;
  return {
    is_tag: true,
    id: `tag:${tag}`,
    tag,
    name: tag,
    type: children.every((c) => c.type === children[0]?.type) ? (children[0]?.type ?? 0) : -1,
    status,
    group: toList(children.map((c) => c.group).join(",")).join(","),
    models: toList(children.map((c) => c.models).join(",")).join(","),
    // The first child's values: the tag editor shows them as the starting point.
    priority: children[0]?.priority ?? 0,
    weight: children[0]?.weight ?? 0,
    used_quota: children.reduce((s, c) => s + c.used_quota, 0),
    balance: children.reduce((s, c) => s + c.balance, 0),
    response_time: tested.length ? Math.round(tested.reduce((s, c) => s + c.response_time, 0) / tested.length) : 0,
    test_time: Math.max(0, ...children.map((c) => c.test_time)),
    children,
  };
}
