"use client";

// Step 1 of the top-up dialog: a quick amount or a typed one (minimum from MinTopUp; an amount
// below 1 becomes 1), the payment method, and the price from POST /api/user/amount
// (its errors show the returned message).
import { useTranslations } from "next-intl";
import { RadioGroup, RadioItem } from "@/components/ui/radio-group";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { cn } from "@/lib/client/cn";
import type { TopupQuote } from "@/modules/wallet/client/topup/api";
import type { TopupPaymentMethod } from "@/modules/wallet/schemas";

export type QuoteState = { data?: TopupQuote; error: unknown; loading: boolean };

export function formatMoney(money: number): string {
  return `¥${money.toFixed(2)}`;
}

export function TopupAmountStep({
  options,
  min,
  amountText,
  onAmountText,
  amountError,
  methods,
  method,
  onMethod,
  quote,
}: {
  options: number[];
  min: number;
  amountText: string;
  onAmountText: (text: string) => void;
  amountError: string | null;
  methods: TopupPaymentMethod[];
  method: TopupPaymentMethod;
  onMethod: (m: TopupPaymentMethod) => void;
  quote: QuoteState;
}) {
  const t = useTranslations("wallet");
  const current = Number(amountText);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <span id="topup-presets-label" className="text-sm font-medium">
          {t("quick_amounts")}
        </span>
        <div className="grid grid-cols-3 gap-2" role="group" aria-labelledby="topup-presets-label">
          {options.map((value) => {
            const selected = current === value;
            const tooLow = value < min;
            return (
              <button
                key={value}
                type="button"
                disabled={tooLow}
                aria-pressed={selected}
                onClick={() => onAmountText(String(value))}
                data-testid={`topup-preset-${value}`}
                className={cn(
                  "rounded-md border px-3 py-2.5 text-sm font-semibold tabular-nums transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40",
                  selected
                    ? "border-primary bg-primary/10 text-primary"
                    : "border-border bg-surface hover:bg-surface-muted",
                )}
              >
                ${value}
              </button>
            );
          })}
        </div>
      </div>
      <TextField
        id="topup-amount"
        label={t("amount_label")}
        hint={t("amount_hint", { min })}
        type="number"
        inputMode="numeric"
        min={min}
        step={1}
        value={amountText}
        error={amountError}
        onChange={(e) => {
          const v = e.target.value;
          // an amount below 1 is set to 1; an emptied field stays empty while typing
          onAmountText(v.trim() !== "" && Number(v) < 1 ? "1" : v);
        }}
      />
      <div className="flex flex-col gap-1.5">
        <span id="topup-method-label" className="text-sm font-medium">
          {t("payment_method")}
        </span>
        <RadioGroup
          value={method}
          onValueChange={(v) => onMethod(v as TopupPaymentMethod)}
          className="grid grid-cols-2 gap-2"
          aria-labelledby="topup-method-label"
        >
          {methods.map((m) => (
            <div key={m} data-testid={`topup-method-${m}`}>
              <RadioItem id={`topup-method-${m}-radio`} value={m} label={t(`method_${m}`)} />
            </div>
          ))}
        </RadioGroup>
      </div>
      <PricePanel quote={quote} hidden={!!amountError} />
    </div>
  );
}

function PricePanel({ quote, hidden }: { quote: QuoteState; hidden: boolean }) {
  const t = useTranslations("wallet");
  const message =
    quote.error instanceof ApiError && quote.error.kind === "failed" && quote.error.message
      ? quote.error.message
      : quote.error
        ? t("request_failed")
        : null;
  return (
    <div
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-md border border-border bg-surface-muted/60 px-4 py-3"
      data-testid="topup-price"
      aria-live="polite"
    >
      <span className="text-sm text-muted">{t("price")}</span>
      {hidden ? (
        <span className="text-sm text-muted">-</span>
      ) : message ? (
        <span className="text-sm text-danger" data-testid="topup-price-error">
          {message}
        </span>
      ) : quote.data && !quote.loading ? (
        <span className="flex flex-col items-end">
          <span className="text-xl font-semibold tabular-nums" data-testid="topup-price-amount">
            {formatMoney(quote.data.amount)}
          </span>
          <span className="text-xs text-muted">{t("unit_price", { price: quote.data.unit_price.toFixed(2) })}</span>
        </span>
      ) : (
        <span className="text-sm text-muted">{t("price_loading")}</span>
      )}
    </div>
  );
}
