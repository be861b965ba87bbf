"use client";

import { Boxes } from "lucide-react";
import { AppLink } from "@/components/ui/app-link";

export function SiteLogo({ name, logo }: { name: string; logo: string }) {
  return (
    <AppLink
      href="/"
      className="flex min-w-0 items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {logo ? (
        // Admin-configured logos are arbitrary external URLs, which next/image would need whitelisted.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={logo} alt="" className="h-7 w-7 shrink-0 rounded-md object-contain" />
      ) : (
        <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <Boxes className="h-4 w-4" aria-hidden />
        </span>
      )}
      <span className="truncate text-[15px] font-semibold tracking-tight">{name}</span>
    </AppLink>
  );
}
