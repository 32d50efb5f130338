const LOCAL_ORIGIN = "http://local.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const SLASH_LIKE_OR_CONTROL = /[\\\u0000-\u001f\u007f]/;

/**
 * Only a path on this site is a safe place to send someone after login: anything else
 * (`//evil.example`, `https://…`, `/\evil`) would be an open redirect. The path is judged
 * after normalising it as a browser would (`/.//evil.example` becomes `//evil.example`), and
 * backslashes or control characters, which browsers read as slashes or drop, are refused.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || SLASH_LIKE_OR_CONTROL.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, LOCAL_ORIGIN);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === LOCAL_ORIGIN && !path.startsWith("//") ? path : null;
}

export function loginPath(redirectTo?: string | null): string {
  const target = safeRedirectPath(redirectTo);
  return target ? `/login?${new URLSearchParams({ redirectTo: target })}` : "/login";
}
