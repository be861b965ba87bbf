// Isomorphic display helpers: quota as $ with 2 decimals, or tokens shortened.
export function formatQuota(
  quota: number,
  opts: { inCurrency: boolean; quotaPerUnit: number; digits?: number },
): string {
  if (opts.inCurrency) return `$${(quota / (opts.quotaPerUnit || 500000)).toFixed(opts.digits ?? 2)}`;
  return shortenNumber(quota);
}

export function shortenNumber(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toFixed(2)}k`;
  return String(n);
}
