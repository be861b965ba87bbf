/** Whether an option/field text is acceptable JSON (spec 2 §5: blank counts as unset, so valid). */
export function isValidJsonText(text: string): boolean {
  if (text.trim() === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
