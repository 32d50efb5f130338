import { accountTexts } from "~/content/accounts";
import type { FlashKind } from "~/lib/flash.server";
import { Alert } from "./alert";

const messages: Record<FlashKind, string> = {
  login: accountTexts.loggedIn,
  register: accountTexts.registered,
};

/** The one-time success alert after login or registration, on whichever page follows. */
export function FlashMessage({ kind }: { kind: FlashKind }) {
  return (
    <div className="container-page pt-4">
      <Alert tone="success">{messages[kind]}</Alert>
    </div>
  );
}
