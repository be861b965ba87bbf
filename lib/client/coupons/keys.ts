import type { CouponFilters } from "@/lib/client/coupons/api";

export const couponKeys = {
  all: ["coupons"] as const,
  lists: () => [...couponKeys.all, "list"] as const,
  list: (f: CouponFilters) => [...couponKeys.lists(), f] as const,
  detail: (id: number) => [...couponKeys.all, "detail", id] as const,
};
