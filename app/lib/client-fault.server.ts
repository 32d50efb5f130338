/**
 * Errors a client caused, not a fault of the server (a body past the size limit): logged as a
 * warning without a stack, as a client's mistake is no bug to trace. Marked by a property, not
 * a class: the server and React Router's build each bundle their own copy of this module, and
 * `instanceof` fails across the two.
 */
export function clientFault(message: string): Error {
  return Object.assign(new Error(message), { clientFault: true });
}

/** Whether the error, or one it was caused by, is a client's fault. */
export function isClientFault(error: unknown): boolean {
  let current = error;
  // A few causes deep: a library may wrap the error it got from reading the body.
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    if ((current as { clientFault?: unknown }).clientFault === true) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
