/** How many model tags show before the rest fold behind "show all". */
export const MODEL_TAGS_COLLAPSED = 10;

/** The tags to render and how many are folded away. */
export function visibleModelTags(
  models: readonly string[],
  expanded: boolean,
  limit = MODEL_TAGS_COLLAPSED,
): { visible: readonly string[]; hidden: number } {
  if (expanded || models.length <= limit) return { visible: models, hidden: 0 };
  return { visible: models.slice(0, limit), hidden: models.length - limit };
}
