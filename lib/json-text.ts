/** Whether an option/field text is acceptable JSON (blank counts as unset, so valid). */
export function isValidJsonText(text: string): boolean {
  if (text.trim() === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A stored JSON object text (a log's `other`) as an object: {} when blank, broken or not an object. */
export function parseJsonObjectText(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A stored JSON text (a task's upstream result) as its value: null when blank, the raw text when broken. */
export function parseStoredJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
