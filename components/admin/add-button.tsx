import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

// type="button": the add button often sits inside a SearchBar form and must not submit the search.
/** The "+ Add" button that opens an entity's create drawer or dialog. */
export function AddButton({
  label,
  onClick,
  className,
  "data-testid": testId,
}: {
  label: ReactNode;
  onClick: () => void;
  className?: string;
  "data-testid": string;
}) {
  return (
    <Button type="button" className={className} onClick={onClick} data-testid={testId}>
      <Plus className="h-4 w-4" />
      {label}
    </Button>
  );
}
