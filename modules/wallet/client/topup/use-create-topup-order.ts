"use client";

import { useMutation } from "@tanstack/react-query";
import { createTopupOrder } from "@/modules/wallet/client/topup/api";

/** Opens an order; the dialog reports failures itself (支付请求失败), hence silent. */
export function useCreateTopupOrder() {
  return useMutation({ mutationFn: createTopupOrder, meta: { silent: true } });
}
