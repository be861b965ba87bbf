// Display helpers (lib/format.ts).
import { formatQuota, shortenNumber } from "@/lib/format";

describe("formatQuota", () => {
  test("in currency: quota / quotaPerUnit as $ with 2 decimals", () => {
    expect(formatQuota(500000, { inCurrency: true, quotaPerUnit: 500000 })).toBe("$1.00");
    expect(formatQuota(1234567, { inCurrency: true, quotaPerUnit: 500000 })).toBe("$2.47");
    expect(formatQuota(0, { inCurrency: true, quotaPerUnit: 500000 })).toBe("$0.00");
    expect(formatQuota(-250000, { inCurrency: true, quotaPerUnit: 500000 })).toBe("$-0.50");
  });

  test("custom digits", () => {
    expect(formatQuota(1, { inCurrency: true, quotaPerUnit: 500000, digits: 6 })).toBe("$0.000002");
  });

  test("a zero quotaPerUnit falls back to the default instead of dividing by zero", () => {
    expect(formatQuota(500000, { inCurrency: true, quotaPerUnit: 0 })).toBe("$1.00");
  });

  test("not in currency: shortened token counts", () => {
    expect(formatQuota(1234567, { inCurrency: false, quotaPerUnit: 500000 })).toBe("1.23M");
  });
});

describe("shortenNumber", () => {
  test.each([
    [0, "0"],
    [9999, "9999"],
    [10000, "10.00k"],
    [123456, "123.46k"],
    [1_000_000, "1.00M"],
    [2_500_000_000, "2.50B"],
    [-20000, "-20.00k"],
  ])("%p -> %p", (n, text) => {
    expect(shortenNumber(n)).toBe(text);
  });
});
