// The username / display name / password fields shared by the add-user drawer and the edit-user form.
import { fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { UserIdentityFields } from "@/modules/users/components/user-identity-fields";
import { zh } from "@/test-support/components/render-auth";

const users = zh.users;
const values = { username: "alice", display_name: "Alice", password: "" };

function renderFields(mode: "add" | "edit", onChange = jest.fn()) {
  render(
    <NextIntlClientProvider locale="zh" messages={zh}>
      <UserIdentityFields mode={mode} values={values} errors={{ password: "太短" }} onChange={onChange} />
    </NextIntlClientProvider>,
  );
  return onChange;
}

test("adding asks for a password with the add placeholders and ids", () => {
  const onChange = renderFields("add");
  const username = document.getElementById("add-user-username") as HTMLInputElement;
  expect(username.placeholder).toBe(users.username_placeholder);
  expect(username.getAttribute("autocomplete")).toBe("off");
  expect(screen.getByLabelText(users.password).id).toBe("add-user-password");
  fireEvent.change(username, { target: { value: "bob" } });
  expect(onChange).toHaveBeenLastCalledWith({ username: "bob" });
});

test("editing offers a new password, keeps the edit ids and shows the field error", () => {
  const onChange = renderFields("edit");
  const username = document.getElementById("edit-user-username") as HTMLInputElement;
  expect(username.value).toBe("alice");
  expect(username.placeholder).toBe("");
  const password = screen.getByLabelText(users.new_password) as HTMLInputElement;
  expect(password.id).toBe("edit-user-password");
  expect(password.placeholder).toBe(users.new_password_placeholder);
  expect(screen.getByRole("alert").textContent).toBe("太短");
  fireEvent.change(document.getElementById("edit-user-display-name")!, { target: { value: "Al" } });
  expect(onChange).toHaveBeenLastCalledWith({ display_name: "Al" });
});
