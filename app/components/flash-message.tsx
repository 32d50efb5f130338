import { flashTexts } from "~/content/flash-texts";
import type { FlashKind } from "~/lib/flash.server";
import { Alert } from "./alert";

const messages: Record<FlashKind, string> = flashTexts;

/** The one-time success alert after login, registration or a password change, on the page that follows. */
export function FlashMessage({ kind }: { kind: FlashKind }) {
  return (
    <div className="container-page pt-4">
      <Alert tone="success">{messages[kind]}</Alert>
    </div>
  );
}
