import { Link } from "react-router";
import { useT } from "~/i18n/react";
import { Alert } from "./alert";

/** What the pages of a mail's links say when the link leads nowhere: why, and the way back in. */
export function SubscriptionLinkProblem({ message }: { message: string }) {
  const t = useT();
  return (
    <>
      <Alert tone="error">{message}</Alert>
      <p>
        <Link to="/subscribe" className="btn-navy">
          {t("accounts.subscription.subscribeAgain")}
        </Link>
      </p>
    </>
  );
}
