// Renders a pre-login screen with the providers the root layout gives it (zh messages, React
// Query with the same quiet-by-meta error toasts, site status), and records every fetch.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactElement } from "react";
import { SiteProvider } from "@/components/providers/site-context";
import type { StatusData } from "@/lib/server/site-status";
import type { StoredUser } from "@/lib/client/storage";
import { catalogues } from "@/messages";

export const zh = catalogues.zh;

// Radix measures radio items with ResizeObserver, which jsdom lacks; sizes do not matter here.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export function fakeStatus(overrides: Partial<StatusData> = {}): StatusData {
  return {
    system_name: "New API",
    logo: "",
    footer_html: "",
    server_address: "",
    quota_per_unit: 500000,
    display_in_currency: true,
    quota_display_type: "USD",
    enable_drawing: false,
    enable_task: false,
    enable_data_export: false,
    data_export_default_time: "hour",
    default_collapse_sidebar: false,
    chats: [],
    mj_notify_enabled: false,
    docs_link: "",
    chat_link: "",
    chat_link2: "",
    aff_enabled: true,
    check_in_enabled: false,
    checkin_enabled: false,
    price: 7.3,
    passkey_login: true,
    log_chat_content_enabled: false,
    turnstile_check: false,
    turnstile_site_key: "",
    email_verification: false,
    register_enabled: true,
    password_login_enabled: true,
    password_register_enabled: true,
    github_oauth: false,
    github_client_id: "",
    oidc_enabled: false,
    oidc_client_id: "",
    oidc_authorization_endpoint: "",
    wechat_login: false,
    wechat_qrcode: "",
    telegram_oauth: false,
    telegram_bot_name: "",
    linuxdo_oauth: false,
    linuxdo_client_id: "",
    linuxdo_minimum_trust_level: 0,
    top_up_link: "",
    self_use_mode_enabled: false,
    demo_site_enabled: false,
    setup: true,
    version: "test",
    start_time: 0,
    ...overrides,
  };
}

/** Errors the global handler would toast (it is silenced by meta, like AppProviders). */
export const globalErrors: unknown[] = [];

export function renderAuth(ui: ReactElement, status: StatusData = fakeStatus(), user: StoredUser | null = null) {
  const onError = (err: unknown, meta?: Record<string, unknown>) => {
    if (!meta?.silent) globalErrors.push(err);
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => onError(err, query.meta) }),
    mutationCache: new MutationCache({ onError: (err, _v, _c, mutation) => onError(err, mutation.meta) }),
    defaultOptions: { queries: { retry: false } },
  });
  return render(
    <NextIntlClientProvider locale="zh" messages={zh}>
      <QueryClientProvider client={client}>
        <SiteProvider value={{ status, user }}>{ui}</SiteProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

type Reply = { status?: number; body: unknown };

/** Replaces global.fetch with a mock answering the given replies in order (the last one repeats). */
export function mockFetch(...replies: Reply[]): jest.Mock {
  const mock = jest.fn(async () => {
    const reply =
      replies.length > 1 ? replies.shift()! : (replies[0] ?? { body: { success: true, message: "", data: null } });
    const status = reply.status ?? 200;
    // A minimal Response: jsdom has no fetch API, and apiFetch only reads these members.
    return { ok: status >= 200 && status < 300, status, headers: { has: () => false }, json: async () => reply.body };
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The parsed JSON body of the n-th fetch call. */
export function sentBody(mock: jest.Mock, call = 0): unknown {
  const init = mock.mock.calls[call]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
