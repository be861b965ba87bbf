// GET /api/status/update's data, shared by the service and the update-check component.
export type UpdateInfo = {
  current_version: string;
  latest_version: string;
  has_update: boolean;
  /** The release page (https only), "" when the answer had none. */
  release_url: string;
  /** Release notes (markdown, shown as plain text), cut to a bounded length. */
  notes: string;
  published_at: string;
};
