"use client";

import { useEntity, usePagedList } from "@/lib/client/entity-queries";
import { fetchAdminMessage, fetchMessageRecipients } from "@/modules/messages/client/admin/api";
import { adminMessageKeys } from "@/modules/messages/client/admin/keys";
import { RECIPIENT_LIST_PAGE_SIZE } from "@/modules/messages/schemas";

/** One message with its stats, for the edit drawer. */
export const useAdminMessage = (id: number | null) => useEntity(id, adminMessageKeys.detail, fetchAdminMessage);

/** A page of a message's recipients with read state (10 per page). */
export const useMessageRecipients = (id: number | null, page: number) =>
  usePagedList(
    adminMessageKeys.recipients(id ?? 0, page),
    (signal) => fetchMessageRecipients(id!, page, RECIPIENT_LIST_PAGE_SIZE, signal),
    { fresh: true, enabled: id !== null },
  );
