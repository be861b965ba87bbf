export const topupKeys = {
  all: ["topup"] as const,
  info: () => [...topupKeys.all, "info"] as const,
  quote: (amount: number) => [...topupKeys.all, "quote", amount] as const,
  records: (page: number, pageSize: number) => [...topupKeys.all, "records", page, pageSize] as const,
};
