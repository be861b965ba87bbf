/**
 * A full page load, not a client-side transition: used after the session or setup state changes,
 * so every server component (layout, guards) renders again with the new cookies and options.
 */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}
