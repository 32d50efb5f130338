/**
 * A one-time message carried across a redirect in a short-lived cookie, so the alert of a
 * login, a registration, a password change or an address confirmation shows on the page the
 * visitor lands on, with or without JavaScript. The root loader reads and clears it.
 */
const FLASH_COOKIE = "flash";
const FLASH_KINDS = [
  "login",
  "register",
  "password-changed",
  "email-verified",
  "verification-failed",
  "verification-sent",
  "verification-wait",
] as const;
export type FlashKind = (typeof FLASH_KINDS)[number];

export function flashCookie(kind: FlashKind): string {
  return `${FLASH_COOKIE}=${kind}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export const clearFlashCookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

export function readFlash(request: Request): FlashKind | null {
  const cookies = request.headers.get("cookie") ?? "";
  const value = cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === FLASH_COOKIE)?.[1];
  return FLASH_KINDS.find((kind) => kind === value) ?? null;
}
