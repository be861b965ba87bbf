import { AppError } from "@/lib/server/http/app-error";

/** The numeric {id} path parameter, or a 400. */
export function idParam(params: Record<string, string | string[]>, name = "id"): number {
  const raw = params[name];
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isInteger(id) || id <= 0) throw new AppError("bad_request", "invalid_field", { field: name });
  return id;
}
