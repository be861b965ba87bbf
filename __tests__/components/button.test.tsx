// Smoke test of the jsdom project: a UI primitive renders and behaves (components/ui/button.tsx).
import { fireEvent, render, screen } from "@testing-library/react";
import { Button } from "@/components/ui/button";

test("renders, clicks, and is disabled while loading", () => {
  const onClick = jest.fn();
  const { rerender } = render(<Button onClick={onClick}>保存</Button>);
  const button = screen.getByRole("button", { name: "保存" });
  expect(button).toBeInTheDocument();
  expect(button).toBeEnabled();
  fireEvent.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);

  rerender(
    <Button onClick={onClick} loading>
      保存
    </Button>,
  );
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute("aria-busy", "true");
  fireEvent.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);
});
