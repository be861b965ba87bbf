// A negative balance is a debt (a request spent beyond the balance; the next top-up pays it): the
// console shows it as a negative amount, in red, marked 欠费 / owed, wherever a balance is shown.
import { screen, within } from "@testing-library/react";
import { QuotaAmount } from "@/components/admin/quota-amount";
import { AccountSummary } from "@/modules/profile/components/account-summary";
import type { SelfProfile } from "@/modules/profile/client/api";
import { fakeStatus, renderAuth } from "@/test-support/components/render-auth";

test("a debt reads as a negative amount, in red, marked owed with the top-up hint", () => {
  renderAuth(<QuotaAmount quota={-250_000} testId="bal" />);
  const bal = screen.getByTestId("bal");
  expect(bal).toHaveTextContent("-$0.50");
  expect(bal).not.toHaveTextContent("$-0.50");
  expect(within(bal).getByText("欠费")).toBeInTheDocument();
  expect(bal).toHaveClass("text-danger");
  expect(bal.getAttribute("title")).toMatch(/充值后先抵扣欠款/);
});

test("in raw units too; a zero or positive balance has no mark", () => {
  renderAuth(
    <>
      <QuotaAmount quota={-12_000} testId="raw" />
      <QuotaAmount quota={0} testId="zero" />
      <QuotaAmount quota={500_000} testId="plus" />
    </>,
    { ...fakeStatus(), display_in_currency: false },
  );
  expect(screen.getByTestId("raw")).toHaveTextContent("-12.00k");
  for (const id of ["zero", "plus"]) {
    expect(screen.getByTestId(id)).not.toHaveTextContent("欠费");
    expect(screen.getByTestId(id)).not.toHaveClass("text-danger");
  }
});

test("the account page's balance card shows the debt", () => {
  const self = {
    username: "bob",
    display_name: "",
    role: 1,
    group: "default",
    quota: -1_000_000,
    used_quota: 5,
    request_count: 3,
  };
  renderAuth(<AccountSummary self={self as SelfProfile} />);
  const card = screen.getByTestId("me-balance");
  expect(card).toHaveTextContent("-$2.00");
  expect(card).toHaveTextContent("欠费");
});
