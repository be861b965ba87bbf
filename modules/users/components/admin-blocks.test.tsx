// The shared admin building blocks (components/admin, components/ui/form-dialog): the drawer form
// validated with the module's zod schema, the create/edit drawer states, the search row, the row
// menu and the form dialog.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { toast } from "sonner";
import { AddButton } from "@/components/admin/add-button";
import { EditDeleteButtons } from "@/components/admin/edit-delete-buttons";
import { CrudDrawer } from "@/components/admin/entity-drawer";
import { RowMenu } from "@/components/admin/row-cells";
import { SearchBar, SearchField, useSearch } from "@/components/admin/search-bar";
import { ErrorText } from "@/components/ui/error-text";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { AddUserDrawer } from "@/modules/users/components/add-user-drawer";
import { mockFetch, renderAuth, sentBody, zh } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

beforeEach(() => jest.clearAllMocks());

const withIntl = (ui: React.ReactElement) =>
  render(
    <NextIntlClientProvider locale="zh" messages={zh}>
      {ui}
    </NextIntlClientProvider>,
  );

test("a drawer form checks with the module's schema: field error + toast, nothing sent; valid input is sent", async () => {
  const fetchMock = mockFetch({ body: { success: true, message: "用户创建成功", data: { id: 3 } } });
  const onClose = jest.fn();
  renderAuth(<AddUserDrawer open onClose={onClose} />);
  fireEvent.click(screen.getByTestId("add-user-submit"));
  // both required fields carry the message next to them
  expect(await screen.findAllByText("用户名和密码不能为空！")).toHaveLength(2);
  expect(toast.error).toHaveBeenCalledWith("用户名和密码不能为空！");
  expect(fetchMock).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText("用户名"), { target: { value: "carol" } });
  fireEvent.change(screen.getByLabelText("密码"), { target: { value: "12345678" } });
  fireEvent.submit(screen.getByTestId("add-user-form"));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("用户创建成功"));
  expect(sentBody(fetchMock)).toMatchObject({ username: "carol", password: "12345678" });
  expect(onClose).toHaveBeenCalled();
  // the field error went away with the valid submit
  expect(screen.queryAllByText("用户名和密码不能为空！")).toHaveLength(0);
});

test("a create/edit drawer shows the form for create, loading or the error until an edit is ready", () => {
  const form = ({ mode, editId, initial }: { mode: string; editId: number | null; initial: string }) => (
    <p>{`form ${mode} ${editId} ${initial}`}</p>
  );
  const titles = { create: "新建", edit: "编辑" };
  // the loaded entity becomes the form's values; creating starts empty
  const values = { entity: 7 as number | undefined, toForm: (id: number) => `entity-${id}`, empty: () => "blank" };
  const view = withIntl(
    <CrudDrawer state={{ mode: "create" }} onClose={() => {}} titles={titles} ready={false} values={values}>
      {form}
    </CrudDrawer>,
  );
  expect(screen.getByText("新建")).toBeTruthy();
  expect(screen.getByText("form create null blank")).toBeTruthy();

  view.rerender(
    <NextIntlClientProvider locale="zh" messages={zh}>
      <CrudDrawer state={{ mode: "edit", id: 7 }} onClose={() => {}} titles={titles} ready={false} values={values}>
        {form}
      </CrudDrawer>
    </NextIntlClientProvider>,
  );
  expect(screen.getByText("编辑")).toBeTruthy();
  expect(screen.getByText("加载中...")).toBeTruthy();
  expect(screen.queryByText(/^form/)).toBeNull();

  view.rerender(
    <NextIntlClientProvider locale="zh" messages={zh}>
      <CrudDrawer
        state={{ mode: "edit", id: 7 }}
        onClose={() => {}}
        titles={titles}
        ready={false}
        values={values}
        error="读取失败"
        errorTestId="x-error"
      >
        {form}
      </CrudDrawer>
    </NextIntlClientProvider>,
  );
  expect(screen.getByTestId("x-error").textContent).toBe("读取失败");

  view.rerender(
    <NextIntlClientProvider locale="zh" messages={zh}>
      <CrudDrawer state={{ mode: "edit", id: 7 }} onClose={() => {}} titles={titles} ready values={values}>
        {form}
      </CrudDrawer>
    </NextIntlClientProvider>,
  );
  expect(screen.getByText("form edit 7 entity-7")).toBeTruthy();
});

function SearchHarness({ onApply, seen }: { onApply: () => void; seen: (applied: string) => void }) {
  const search = useSearch({ q: "" }, onApply);
  seen(search.applied.q);
  return (
    <SearchBar search={search} data-testid="s" resetTestId="s-reset">
      <SearchField search={search} field="q" data-testid="s-input" />
    </SearchBar>
  );
}

test("the search row applies the draft only on submit, and reset clears both; each goes back to page 1", () => {
  const onApply = jest.fn();
  const seen = jest.fn();
  withIntl(<SearchHarness onApply={onApply} seen={seen} />);
  // the labels come from the shared catalogue (查询 / 重置)
  expect(screen.getByTestId("s-submit").textContent).toBe("查询");
  expect(screen.getByTestId("s-reset").textContent).toBe("重置");
  fireEvent.change(screen.getByTestId("s-input"), { target: { value: "abc" } });
  expect(seen).toHaveBeenLastCalledWith("");
  fireEvent.click(screen.getByTestId("s-submit"));
  expect(seen).toHaveBeenLastCalledWith("abc");
  expect(onApply).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByTestId("s-reset"));
  expect(seen).toHaveBeenLastCalledWith("");
  expect((screen.getByTestId("s-input") as HTMLInputElement).value).toBe("");
  expect(onApply).toHaveBeenCalledTimes(2);
});

test("the add button inside the search row opens its drawer without submitting the search", () => {
  const onSubmit = jest.fn();
  const onAdd = jest.fn();
  withIntl(
    <SearchBar
      search={{ submit: onSubmit, reset: jest.fn() }}
      data-testid="s"
      actions={<AddButton label="添加" onClick={onAdd} data-testid="s-add" />}
    >
      <Input data-testid="s-input" />
    </SearchBar>,
  );
  const add = screen.getByTestId("s-add");
  expect(add.textContent).toBe("添加");
  fireEvent.click(add);
  expect(onAdd).toHaveBeenCalledTimes(1);
  expect(onSubmit).not.toHaveBeenCalled();
});

test("the error line is announced when there is an error and absent otherwise", () => {
  const { rerender } = render(<ErrorText data-testid="e">{null}</ErrorText>);
  expect(screen.queryByTestId("e")).toBeNull();
  rerender(
    <ErrorText size="xs" data-testid="e">
      保存失败
    </ErrorText>,
  );
  const line = screen.getByRole("alert");
  expect(line.textContent).toBe("保存失败");
  expect(line.className).toContain("text-xs");
});

test("a row's edit and delete icon buttons are labelled, prefixed and run their own action", () => {
  const onEdit = jest.fn();
  const onDelete = jest.fn();
  withIntl(<EditDeleteButtons onEdit={onEdit} onDelete={onDelete} testIdPrefix="mapping" />);
  expect(screen.getByTestId("mapping-edit").getAttribute("aria-label")).toBe(zh.common.edit);
  const del = screen.getByTestId("mapping-delete");
  expect(del.getAttribute("aria-label")).toBe(zh.common.delete);
  fireEvent.click(del);
  expect(onDelete).toHaveBeenCalledTimes(1);
  expect(onEdit).not.toHaveBeenCalled();
});

test("the row menu lists its items, marks the dangerous one and runs the chosen action", async () => {
  const onDelete = jest.fn();
  const onToggle = jest.fn();
  render(
    <RowMenu
      label="操作"
      data-testid="more"
      items={[
        { label: "禁用", onSelect: onToggle, testId: "toggle" },
        { label: "删除", onSelect: onDelete, danger: true, separatorBefore: true, testId: "delete" },
      ]}
    />,
  );
  const trigger = screen.getByTestId("more");
  expect(trigger.getAttribute("aria-label")).toBe("操作");
  fireEvent.keyDown(trigger, { key: "Enter" });
  const del = await screen.findByTestId("delete");
  expect(del.className).toContain("text-danger");
  expect(screen.getByTestId("toggle").className).not.toContain("text-danger");
  expect(screen.getAllByRole("separator")).toHaveLength(1);
  fireEvent.click(del);
  expect(onDelete).toHaveBeenCalledTimes(1);
  expect(onToggle).not.toHaveBeenCalled();
});

test("a form dialog submits from the footer and from Enter, and starts fresh on each opening", () => {
  const onSubmit = jest.fn();
  const Harness = ({ open }: { open: boolean }) => (
    <FreshDialog open={open} onOpenChange={() => {}}>
      {(close) => (
        <FormDialogContent title="标题" onCancel={close} onSubmit={onSubmit} submitTestId="go" data-testid="f">
          <Input defaultValue="" data-testid="field" />
        </FormDialogContent>
      )}
    </FreshDialog>
  );
  const view = withIntl(<Harness open />);
  fireEvent.click(screen.getByTestId("go"));
  fireEvent.submit(screen.getByTestId("f"));
  expect(onSubmit).toHaveBeenCalledTimes(2);
  fireEvent.change(screen.getByTestId("field"), { target: { value: "typed" } });
  act(() =>
    view.rerender(
      <NextIntlClientProvider locale="zh" messages={zh}>
        <Harness open={false} />
      </NextIntlClientProvider>,
    ),
  );
  expect(screen.queryByTestId("field")).toBeNull();
  act(() =>
    view.rerender(
      <NextIntlClientProvider locale="zh" messages={zh}>
        <Harness open />
      </NextIntlClientProvider>,
    ),
  );
  expect((screen.getByTestId("field") as HTMLInputElement).value).toBe("");
});
