"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchSelfProfile } from "@/modules/accounts/client/account/api";
import { accountKeys } from "@/modules/accounts/client/account/keys";

export function useSelfProfile() {
  return useQuery({ queryKey: accountKeys.self(), queryFn: ({ signal }) => fetchSelfProfile(signal), staleTime: 0 });
}
