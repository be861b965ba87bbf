"use client";

// Other tab: the notice, the about page, the home page content and the footer.
import type { FieldSpec } from "@/modules/settings/components/option-fields";
import { OptionSection } from "@/modules/settings/components/option-section";

const CONTENT: FieldSpec[] = [
  { key: "Notice", kind: "textarea", rows: 5, hint: true },
  { key: "About", kind: "textarea", rows: 6, hint: true },
  { key: "HomePageContent", kind: "textarea", rows: 6, hint: true },
  { key: "Footer", kind: "textarea", rows: 3, hint: true },
];

export function OtherTab() {
  return <OptionSection id="content" fields={CONTENT} />;
}
