// An absolute http(s) URL with a host, as an admin types it into an OAuth/OIDC field: checked in the
// settings form before a discovery request and again by the server before it fetches the URL.

/** An OIDC URL (well-known, endpoints) must start with http:// or https://. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}
