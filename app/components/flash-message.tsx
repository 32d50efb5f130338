import { useT } from "~/i18n/react";
import type { FlashKind } from "~/lib/flash.server";
import { Alert } from "./alert";

/** The one-time success alert after login, registration or a password change, on the page that follows. */
export function FlashMessage({ kind }: { kind: FlashKind }) {
  const t = useT();
  return (
    <div className="container-page pt-4">
      <Alert tone="success">{t(`common.flash.${kind}`)}</Alert>
    </div>
  );
}
