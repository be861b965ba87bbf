import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A card's heading: a tinted icon beside the title, its one-line description and any extra lines. */
export function IconHeading({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="rounded-md bg-primary/10 p-2 text-primary">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-muted">{description}</p>
        {children}
      </div>
    </div>
  );
}
