"use client";

import { useRefreshingMutation } from "@/lib/client/entity-queries";
import { createMessage, deleteMessage, updateMessage } from "@/modules/messages/client/admin/api";
import { adminMessageKeys } from "@/modules/messages/client/admin/keys";

// Every write refreshes the table and any open detail; failures are toasted by the global handler.
export const useCreateMessage = () => useRefreshingMutation(adminMessageKeys.all, createMessage);
export const useUpdateMessage = () => useRefreshingMutation(adminMessageKeys.all, updateMessage);
export const useDeleteMessage = () => useRefreshingMutation(adminMessageKeys.all, deleteMessage);
