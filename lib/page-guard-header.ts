/** Request header carrying the requested path from the proxy to guarded server layouts. */
export const PATHNAME_HEADER = "x-pathname";
