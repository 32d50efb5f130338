import { Link } from "react-router";
import { Alert } from "./alert";

/** What the pages of a mail's links say when the link leads nowhere: why, and the way back in. */
export function SubscriptionLinkProblem({ message }: { message: string }) {
  return (
    <>
      <Alert tone="error">{message}</Alert>
      <p>
        <Link to="/subscribe" className="btn-navy">
          Subscribe again
        </Link>
      </p>
    </>
  );
}
