"use client";

// The online top-up dialog: amount entry, then a confirm step (back
// returns), then POST /api/user/pay and a POST form to the gateway with the returned fields.
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { TopupAmountStep } from "@/modules/wallet/components/topup-amount-step";
import { TopupConfirmStep } from "@/modules/wallet/components/topup-confirm-step";
import { ApiError } from "@/lib/client/api";
import type { TopupInfo } from "@/modules/wallet/client/topup/api";
import { submitPaymentForm } from "@/modules/wallet/client/topup/submit-payment-form";
import { useCreateTopupOrder } from "@/modules/wallet/client/topup/use-create-topup-order";
import { useTopupQuote } from "@/modules/wallet/client/topup/use-topup-quote";
import { topupAmountSchema, TOPUP_PAYMENT_METHODS, type TopupPaymentMethod } from "@/modules/wallet/schemas";
import { useIssueText } from "@/lib/client/form-issues";

/** The typed amount settles for this long before its price is asked for. */
const QUOTE_DELAY_MS = 300;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

export function TopupDialog({
  open,
  onOpenChange,
  info,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  info: TopupInfo;
}) {
  const t = useTranslations("wallet");
  const tc = useTranslations("common");
  const issueText = useIssueText();
  const min = Math.max(1, info.min_topup);
  const methods = info.pay_methods.map((m) => m.type).filter((m) => TOPUP_PAYMENT_METHODS.includes(m));
  const firstFit = info.amount_options.find((v) => v >= min) ?? min;
  const [step, setStep] = useState<"amount" | "confirm">("amount");
  const [amountText, setAmountText] = useState(String(firstFit));
  const [method, setMethod] = useState<TopupPaymentMethod>(methods[0] ?? "zfb");
  const [redirecting, setRedirecting] = useState(false);
  const order = useCreateTopupOrder();

  const amount = Number(amountText);
  const parsed = topupAmountSchema.safeParse({ amount: amountText.trim() === "" ? undefined : amountText });
  const amountError = !parsed.success
    ? issueText(parsed.error.issues[0]!.message)
    : amount < min
      ? t("below_min", { min })
      : null;
  const settledAmount = useSettled(amount, QUOTE_DELAY_MS);
  const quote = useTopupQuote(settledAmount, open && !amountError && settledAmount === amount);
  const quoteReady = !!quote.data && !quote.isFetching && !quote.error && settledAmount === amount;

  const close = (next: boolean) => {
    if (!next) {
      setStep("amount");
      setRedirecting(false);
    }
    onOpenChange(next);
  };

  const pay = () => {
    order.mutate(
      { amount, payment_method: method },
      {
        onSuccess: ({ url, fields }) => {
          if (!/^https?:\/\//i.test(url)) {
            toast.error(t("pay_failed"));
            return;
          }
          setRedirecting(true);
          submitPaymentForm(url, fields);
        },
        onError: (err) =>
          toast.error(err instanceof ApiError && err.message && err.kind !== "server" ? err.message : t("pay_failed")),
      },
    );
  };

  const confirming = step === "confirm" && quote.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={confirming ? t("confirm_title") : t("dialog_title")}
        description={confirming ? t("confirm_description") : t("dialog_description")}
        closeLabel={tc("close")}
        footer={
          confirming ? (
            <>
              <Button
                variant="outline"
                onClick={() => setStep("amount")}
                disabled={order.isPending || redirecting}
                data-testid="topup-back"
              >
                {t("back")}
              </Button>
              <Button onClick={pay} loading={order.isPending || redirecting} data-testid="topup-pay">
                {redirecting ? t("redirecting") : t("pay")}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                {tc("cancel")}
              </Button>
              <Button
                onClick={() => setStep("confirm")}
                disabled={!!amountError || !quoteReady}
                data-testid="topup-next"
              >
                {t("next")}
              </Button>
            </>
          )
        }
      >
        <div data-testid="topup-dialog" data-step={confirming ? "confirm" : "amount"}>
          {confirming ? (
            <TopupConfirmStep amount={amount} method={method} quote={quote.data!} />
          ) : (
            <TopupAmountStep
              options={info.amount_options}
              min={min}
              amountText={amountText}
              onAmountText={setAmountText}
              amountError={amountError}
              methods={methods}
              method={method}
              onMethod={setMethod}
              quote={{ data: quote.data, error: quote.error, loading: quote.isFetching || settledAmount !== amount }}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
