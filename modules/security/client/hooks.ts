// Queries and mutations of the security section. Failures are toasted by the global MutationCache.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  disableTwoFactor,
  enableTwoFactor,
  endOtherSessions,
  endSession,
  getTwoFactorStatus,
  listSessions,
  regenerateBackupCodes,
  secureVerify,
  setupTwoFactor,
} from "@/modules/security/client/api";
import { securityKeys } from "@/modules/security/client/keys";

export const useTwoFactorStatus = () => useQuery({ queryKey: securityKeys.twoFactor(), queryFn: getTwoFactorStatus });

export function useTwoFactorMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: securityKeys.twoFactor() });
  return {
    setup: useMutation({ mutationFn: setupTwoFactor }),
    enable: useMutation({ mutationFn: enableTwoFactor, onSuccess: refresh }),
    disable: useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh }),
    regenerate: useMutation({ mutationFn: regenerateBackupCodes, onSuccess: refresh }),
  };
}

export const useSessions = () => useQuery({ queryKey: securityKeys.sessions(), queryFn: listSessions });

export function useSessionMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: securityKeys.sessions() });
  return {
    end: useMutation({ mutationFn: endSession, onSuccess: refresh }),
    endOthers: useMutation({ mutationFn: endOtherSessions, onSuccess: refresh }),
  };
}

export function useSecureVerify() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: secureVerify,
    onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.verifyStatus() }),
  });
}
