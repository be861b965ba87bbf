// The shared table/paging/JSON primitives of the admin console.
import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { useState, type ReactNode } from "react";
import { DataTable, type Column } from "@/components/ui/data-table";
import { JsonTextarea } from "@/components/ui/json-textarea";
import { MultiSelect } from "@/components/ui/multi-select";
import { pageNumbers, Pagination, PagingBar } from "@/components/ui/pagination";
import { usePageSize, usePaging } from "@/lib/client/use-page-size";
import { catalogues } from "@/messages";

const wrap = ({ children }: { children: ReactNode }) => (
  <NextIntlClientProvider locale="zh" messages={catalogues.zh}>
    {children}
  </NextIntlClientProvider>
);

type Row = { id: number; name: string };
const columns: Column<Row>[] = [{ id: "name", header: "Name", cell: (r) => r.name }];

function SelectableTable({ rows, initial = [] }: { rows: Row[]; initial?: (string | number)[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        selection={{ selected, onChange: setSelected }}
        data-testid="t"
      />
      <output data-testid="selected">{[...selected].sort().join(",")}</output>
    </>
  );
}

test("select-all on the page keeps selections from other pages", () => {
  render(
    <SelectableTable
      rows={[
        { id: 1, name: "a" },
        { id: 2, name: "b" },
      ]}
      initial={[9]}
    />,
    { wrapper: wrap },
  );
  fireEvent.click(screen.getByTestId("t-select-page"));
  expect(screen.getByTestId("selected").textContent).toBe("1,2,9");
  fireEvent.click(screen.getByTestId("t-select-page"));
  expect(screen.getByTestId("selected").textContent).toBe("9");
  expect(screen.getAllByTestId("t-row")).toHaveLength(2);
});

test("empty and loading states", () => {
  const { rerender } = render(<DataTable columns={columns} rows={[]} rowKey={(r: Row) => r.id} data-testid="t" />, {
    wrapper: wrap,
  });
  expect(screen.getByTestId("t-empty").textContent).toBe("暂无数据");
  rerender(<DataTable columns={columns} rows={[]} rowKey={(r: Row) => r.id} loading data-testid="t" />);
  expect(screen.getByText("加载中...")).toBeInTheDocument();
});

test("page numbers keep the ends and the neighbourhood", () => {
  expect(pageNumbers(1, 1)).toEqual([1]);
  expect(pageNumbers(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
  expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4]);
});

test("pagination shows the total and moves pages", () => {
  const onPage = jest.fn();
  render(<Pagination page={1} pageSize={10} total={35} onPageChange={onPage} data-testid="p" />, { wrapper: wrap });
  expect(screen.getByTestId("p-total").textContent).toBe("共 35 条");
  expect(screen.getByTestId("p-prev")).toBeDisabled();
  fireEvent.click(screen.getByTestId("p-next"));
  expect(onPage).toHaveBeenCalledWith(2);
});

test("JSON area complains on blur only, and clears once fixed", () => {
  function Harness() {
    const [v, setV] = useState("{");
    return <JsonTextarea value={v} onChange={setV} data-testid="j" />;
  }
  render(<Harness />, { wrapper: wrap });
  expect(screen.queryByTestId("j-error")).toBeNull();
  fireEvent.blur(screen.getByTestId("j"));
  expect(screen.getByTestId("j-error").textContent).toBe("不是合法的 JSON 字符串");
  fireEvent.change(screen.getByTestId("j"), { target: { value: "{}" } });
  expect(screen.queryByTestId("j-error")).toBeNull();
});

test("page size is remembered per table", () => {
  localStorage.clear();
  const { result } = renderHook(() => usePageSize("kit-test-size"));
  expect(result.current[0]).toBe(10);
  act(() => result.current[1](50));
  expect(result.current[0]).toBe(50);
  expect(localStorage.getItem("kit-test-size")).toBe("50");
  const again = renderHook(() => usePageSize("kit-test-size"));
  expect(again.result.current[0]).toBe(50);
});

test("the multi-select opens a focused search box that filters its options and adds typed values", () => {
  const onChange = jest.fn();
  render(
    <MultiSelect
      values={["gpt-4o"]}
      onChange={onChange}
      options={["gpt-4o", "claude-3", "gemini"].map((m) => ({ value: m, label: m }))}
      searchPlaceholder="搜索"
      creatable
      data-testid="ms"
    />,
  );
  fireEvent.click(screen.getByTestId("ms"));
  const search = screen.getByTestId("ms-search") as HTMLInputElement;
  expect(document.activeElement).toBe(search);
  expect(search.placeholder).toBe("搜索");
  fireEvent.change(search, { target: { value: "clau" } });
  expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["claude-3"]);
  fireEvent.click(screen.getByTestId("ms-option-claude-3"));
  expect(onChange).toHaveBeenLastCalledWith(["gpt-4o", "claude-3"]);
  fireEvent.change(search, { target: { value: "my-model" } });
  fireEvent.keyDown(search, { key: "Enter" });
  expect(onChange).toHaveBeenLastCalledWith(["gpt-4o", "my-model"]);
});

test("the paging bar follows a usePaging state: next page moves it, and it offers the page size", () => {
  function Harness() {
    const paging = usePaging("kit-paging-bar", 10);
    return <PagingBar paging={paging} total={35} data-testid="pb" />;
  }
  render(<Harness />, { wrapper: wrap });
  expect(screen.getByRole("button", { current: "page" }).textContent).toBe("1");
  fireEvent.click(screen.getByTestId("pb-next"));
  expect(screen.getByRole("button", { current: "page" }).textContent).toBe("2");
  expect(screen.getByTestId("pb-size")).toBeTruthy();
});
