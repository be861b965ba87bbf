// What the console keeps in localStorage. The session cookie is the
// real credential; the stored user only drives the UI and the New-Api-User header.
export type StoredUser = {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
};

const USER_KEY = "user";

function safeStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getStoredUser(): StoredUser | null {
  const raw = safeStorage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function setStoredUser(user: StoredUser): void {
  safeStorage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  safeStorage()?.removeItem(USER_KEY);
}

export function getStoredValue(key: string): string | null {
  return safeStorage()?.getItem(key) ?? null;
}

export function setStoredValue(key: string, value: string): void {
  safeStorage()?.setItem(key, value);
}
