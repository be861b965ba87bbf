"use client";

import { usePagedList } from "@/lib/client/entity-queries";
import { inboxKeys } from "@/lib/client/inbox-bell";
import { fetchInboxMessages } from "@/modules/messages/client/inbox-api";

/** One page of the caller's inbox (GET /api/user/messages). */
export const useInboxMessages = (page: number, pageSize: number) =>
  usePagedList(inboxKeys.list(page, pageSize), (signal) => fetchInboxMessages(page, pageSize, signal), {
    fresh: true,
    // the page shows 加载消息失败 with a retry itself
    meta: { silent: true },
  });
