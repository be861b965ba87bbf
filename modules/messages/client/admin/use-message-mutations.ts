"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createMessage, deleteMessage, updateMessage } from "@/modules/messages/client/admin/api";
import { adminMessageKeys } from "@/modules/messages/client/admin/keys";

// Every write refreshes the table and any open detail; failures are toasted by the global handler.
function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminMessageKeys.all });
}

export function useCreateMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: createMessage, onSuccess: () => invalidate() });
}

export function useUpdateMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: updateMessage, onSuccess: () => invalidate() });
}

export function useDeleteMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: deleteMessage, onSuccess: () => invalidate() });
}
