import { useT } from "~/i18n/react";
import type { FlashKind } from "~/lib/flash.server";
import { Alert } from "./alert";

/** The flashes that say something did not work; the others are good news. */
const ERROR_FLASHES: ReadonlySet<FlashKind> = new Set(["verification-failed", "verification-wait"]);

/** The one-time alert after login, registration, a password change or an address confirmation, on the page that follows. */
export function FlashMessage({ kind }: { kind: FlashKind }) {
  const t = useT();
  return (
    <div className="container-page pt-4">
      <Alert tone={ERROR_FLASHES.has(kind) ? "error" : "success"}>{t(`common.flash.${kind}`)}</Alert>
    </div>
  );
}
