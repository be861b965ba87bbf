// The redemption list's buttons under the search row: the selection ones refuse an empty selection,
// the others open their confirmation.
import { fireEvent, screen } from "@testing-library/react";
import { toast } from "sonner";
import { RedemptionsPageClient } from "@/modules/redemptions/components/redemptions-page-client";
import { mockFetch, renderAuth, zh } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

test("copy and batch disable need a selection; delete-disabled is the red one and asks first", async () => {
  mockFetch({ body: { success: true, message: "", data: { items: [], total: 0, page: 1, page_size: 10 } } });
  renderAuth(<RedemptionsPageClient />);
  fireEvent.click(screen.getByTestId("redemption-copy-selected"));
  fireEvent.click(screen.getByTestId("redemption-batch-disable"));
  expect(toast.error).toHaveBeenCalledTimes(2);
  expect(toast.error).toHaveBeenLastCalledWith(zh.redemptions.select_at_least_one);
  expect(screen.getByTestId("redemption-delete-by-name").className).not.toContain("text-danger");
  const deleteDisabled = screen.getByTestId("redemption-delete-disabled");
  expect(deleteDisabled.className).toContain("text-danger");
  expect(deleteDisabled.textContent).toBe(zh.redemptions.delete_disabled);
  fireEvent.click(deleteDisabled);
  expect((await screen.findByRole("dialog")).textContent).toContain(zh.redemptions.confirm_delete_disabled_title);
});
