// The redemption drawer's fields: each labelled input keeps its id/test id, shows its own error and
// reports its own key when edited.
import { fireEvent, screen } from "@testing-library/react";
import { RedemptionFormFields } from "@/modules/redemptions/components/redemption-form-fields";
import { emptyRedemptionForm } from "@/modules/redemptions/client/redemption-form";
import { renderAuth, zh } from "@/test-support/components/render-auth";

test("the validity window fields keep their test ids, show their own error and report their own key", () => {
  const onChange = jest.fn();
  renderAuth(
    <RedemptionFormFields
      mode="create"
      values={emptyRedemptionForm()}
      onChange={onChange}
      error={{ field: "valid_until", text: "结束时间须晚于开始时间" }}
    />,
  );
  const from = screen.getByTestId("redemption-valid-from");
  const until = screen.getByTestId("redemption-valid-until");
  expect(screen.getByLabelText(zh.redemptions.field_valid_from)).toBe(from);
  expect(until.getAttribute("aria-invalid")).toBe("true");
  expect(from.getAttribute("aria-invalid")).toBe("false");
  expect(screen.getByRole("alert").textContent).toBe("结束时间须晚于开始时间");
  fireEvent.change(until, { target: { value: "2030-01-02T03:04" } });
  expect(onChange).toHaveBeenLastCalledWith({ valid_until: "2030-01-02T03:04" });
  fireEvent.change(screen.getByTestId("redemption-key"), { target: { value: "abc" } });
  expect(onChange).toHaveBeenLastCalledWith({ key: "abc" });
});
