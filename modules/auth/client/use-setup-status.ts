import { useQuery } from "@tanstack/react-query";
import { fetchSetupStatus, type SetupStatus } from "@/modules/auth/client/api";
import { authKeys } from "@/modules/auth/client/keys";

/**
 * The setup status, seeded by the server page. It is only fetched in the browser when the server
 * could not read it; that failure is shown by the wizard itself, so the global toast stays quiet.
 */
export function useSetupStatus(initial: SetupStatus | null) {
  return useQuery({
    queryKey: authKeys.setupStatus(),
    queryFn: ({ signal }) => fetchSetupStatus(signal),
    initialData: initial ?? undefined,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}
