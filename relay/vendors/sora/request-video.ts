import "server-only";

// A multipart/form-data body written from text fields and files (the videos API's create form with
// its input_reference), with a fresh random boundary. Field names and file names are the client's:
// quotes and line breaks are escaped so they cannot forge another part.
import { randomBytes } from "node:crypto";
import type { VideoFile } from "@/relay/kernel/video";

const quoted = (s: string) =>
  s
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/[\r\n]/g, " ");

export function multipartBody(
  fields: Record<string, string>,
  files: VideoFile[],
): { body: Buffer; contentType: string } {
  const boundary = `----relay${randomBytes(12).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`),
    );
  for (const f of files) {
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="${quoted(f.field)}"; filename="${quoted(f.filename)}"\r\n` +
      `content-type: ${f.contentType.replace(/[\r\n]/g, "") || "application/octet-stream"}\r\n\r\n`;
    parts.push(Buffer.from(head), f.data, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
