// The console's only link component: next/link without viewport prefetch.
// Every route is dynamic (server-rendered per request) and none has a loading.tsx, so a prefetch
// fetched nothing a click could reuse, yet each link in view cost the server two requests, each through
// the proxy's session check and the layouts: an admin page load with the sidebar made 33 requests
// instead of 1, ~0.3 s of server CPU. A click fetches the page as it did.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place that wraps next/link
import Link from "next/link";
import type { ComponentProps } from "react";

export function AppLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
