/**
 * Only a path on this site is a safe place to send someone after login: anything else
 * (`//evil.example`, `https://…`, `/\evil`) would be an open redirect.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return null;
  }
  try {
    const url = new URL(value, "http://local.invalid");
    return url.origin === "http://local.invalid" ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

export function loginPath(redirectTo?: string | null): string {
  const target = safeRedirectPath(redirectTo);
  return target ? `/login?${new URLSearchParams({ redirectTo: target })}` : "/login";
}
