const pad = (n: number) => String(n).padStart(2, "0");

/** Unix seconds as "YYYY-MM-DD HH:mm:ss" in the viewer's time zone ("" for 0/unset). */
export function formatUnixTime(seconds: number): string {
  if (!seconds || seconds <= 0) return "";
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
