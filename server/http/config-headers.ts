import "server-only";

// next.config's headers() (the console's CSP, nosniff, frame and referrer policies) for answers the
// server gives without Next (server/http/api-router.ts). The build writes them, with a regex per
// source, into .next/routes-manifest.json; reading them there keeps next.config.mjs the one place
// they are declared, exactly as Next applies them.
import fs from "node:fs";
import path from "node:path";

export type ManifestHeaders = { regex: string; headers: { key: string; value: string }[] }[];

export function configHeaders(distDir = path.join(process.cwd(), ".next")): (pathname: string) => [string, string][] {
  const file = path.join(distDir, "routes-manifest.json");
  const rules = (JSON.parse(fs.readFileSync(file, "utf8")) as { headers?: ManifestHeaders }).headers ?? [];
  return headersOfRules(rules);
}

/** The headers of a path under manifest-shaped rules (the dev server builds them from next.config). */
export function headersOfRules(rules: ManifestHeaders): (pathname: string) => [string, string][] {
  const compiled = rules.map((r) => ({
    regex: new RegExp(r.regex),
    pairs: r.headers.map((h): [string, string] => [h.key, h.value]),
  }));
  // The answer depends on the path only; the console API has a handful of distinct paths in use.
  const memo = new Map<string, [string, string][]>();
  return (pathname) => {
    let pairs = memo.get(pathname);
    if (!pairs) {
      pairs = compiled.filter((c) => c.regex.test(pathname)).flatMap((c) => c.pairs);
      if (memo.size < 1000) memo.set(pathname, pairs);
    }
    return pairs;
  };
}
