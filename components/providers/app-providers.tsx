"use client";

// Client-side providers: React Query (with one global error toast), theme, toasts.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider, useTheme } from "next-themes";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { toast, Toaster } from "sonner";
import { ApiError } from "@/lib/client/api";
import { globalErrorToast } from "@/lib/client/describe-error";

export function AppProviders({ children }: { children: ReactNode }) {
  const t = useTranslations("errors");
  const [client] = useState(() => {
    const onError = (err: unknown, meta?: Record<string, unknown>) => {
      const shown = globalErrorToast(err, meta, t);
      if (shown) toast.error(shown.title, shown.description ? { description: shown.description } : undefined);
    };
    return new QueryClient({
      queryCache: new QueryCache({ onError: (err, query) => onError(err, query.meta) }),
      mutationCache: new MutationCache({ onError: (err, _v, _c, mutation) => onError(err, mutation.meta) }),
      defaultOptions: {
        queries: {
          staleTime: 60_000,
          refetchOnWindowFocus: false,
          retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
        },
      },
    });
  });
  return (
    <ThemeProvider
      attribute="class"
      storageKey="theme-mode"
      defaultTheme="light"
      enableSystem={false}
      disableTransitionOnChange
    >
      <QueryClientProvider client={client}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Toasts follow the console theme (light/dark). */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster richColors position="top-center" closeButton theme={resolvedTheme === "dark" ? "dark" : "light"} />;
}
