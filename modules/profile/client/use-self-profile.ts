"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchSelfProfile } from "@/modules/profile/client/api";
import { accountKeys } from "@/modules/profile/client/keys";

export function useSelfProfile() {
  return useQuery({ queryKey: accountKeys.self(), queryFn: ({ signal }) => fetchSelfProfile(signal), staleTime: 0 });
}
