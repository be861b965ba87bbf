import "server-only";

// The WebAuthn relying party: its ID (the host name) and its origin come from ServerAddress, as
// new-api derives them, so a passkey made here only works for this site's address.
import { AppError } from "@/lib/server/http/app-error";
import { getOption } from "@/lib/server/options/store";

export type RelyingParty = { rpID: string; origin: string; rpName: string };

export async function relyingParty(): Promise<RelyingParty> {
  let url: URL;
  try {
    url = new URL((await getOption("ServerAddress")).trim());
  } catch {
    throw new AppError("bad_request", "passkey_server_address_invalid");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new AppError("bad_request", "passkey_server_address_invalid");
  return { rpID: url.hostname, origin: url.origin, rpName: (await getOption("SystemName")) || "New API" };
}

/** The WebAuthn user handle of a user: its id in decimal, as new-api. */
export const userHandleOf = (userId: number) => new TextEncoder().encode(String(userId));
