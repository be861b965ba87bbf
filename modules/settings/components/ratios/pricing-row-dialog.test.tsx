// The pricing row dialog's two either/or switches: per token / per request, and ratios / prices.
import { fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { PricingRowDialog } from "@/modules/settings/components/ratios/pricing-row-dialog";
import { zh } from "@/test-support/components/render-auth";

test("per request asks for a fixed price and locks the token inputs; prices replace ratios", () => {
  render(
    <NextIntlClientProvider locale="zh" messages={zh}>
      <PricingRowDialog row={null} existing={[]} onClose={jest.fn()} onSubmit={jest.fn()} />
    </NextIntlClientProvider>,
  );
  expect(screen.queryByTestId("pricing-dialog-price")).toBeNull();
  expect(screen.getByTestId("pricing-dialog-ratio")).not.toBeDisabled();
  fireEvent.click(document.getElementById("pricing-input-price")!);
  expect(screen.queryByTestId("pricing-dialog-ratio")).toBeNull();
  expect(screen.getByTestId("pricing-dialog-inputPrice")).toBeTruthy();
  fireEvent.click(document.getElementById("pricing-mode-request")!);
  expect(screen.getByTestId("pricing-dialog-price")).toBeTruthy();
  expect(screen.getByTestId("pricing-dialog-inputPrice")).toBeDisabled();
  expect(document.getElementById("pricing-mode-request")!.getAttribute("aria-checked")).toBe("true");
});
