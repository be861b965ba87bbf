// The failed-read panel shared by the inbox list and the message view: the error text and a retry.
import { fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { InboxLoadFailed } from "@/modules/messages/components/inbox/inbox-load-failed";
import { zh } from "@/test-support/components/render-auth";

test("shows the inbox's load error under the caller's test id and retries on click", () => {
  const onRetry = jest.fn();
  render(
    <NextIntlClientProvider locale="zh" messages={zh}>
      <InboxLoadFailed onRetry={onRetry} retrying={false} testId="inbox-error" />
    </NextIntlClientProvider>,
  );
  expect(screen.getByTestId("inbox-error").textContent).toBe(zh.admin_messages.inbox.load_failed);
  fireEvent.click(screen.getByRole("button", { name: zh.admin_messages.inbox.retry }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
