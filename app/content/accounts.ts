/** Texts of the account screens; the quoted ones are the spec's, word for word. */
export const accountTexts = {
  loginHeading: "Please Login",
  loginButton: "Login",
  toRegister: "Are you new user? Please Register",
  googleButton: "Google Sign In",
  loggedIn: "Congratulations! You're successfully logged in!",
  registerHeading: "Please Register",
  registerButton: "Register",
  toLogin: "Already Registered? Please Login",
  registered: "Congratulations! You're successfully registered!",
  passwordMismatch: "Your password did not matched",
  commonPassword:
    "This password is one of the 10,000 most common passwords, which attackers try first. Please choose another.",
  personalPassword: "The password must not be your email address or your name.",
  googleNotConfigured: "Google Sign In is not set up on this site yet. Please log in with your email and password.",
  loading: "Please wait…",
} as const;

/** Errors that come back from Google sign-in as `/login?error=code`. */
export function googleErrorText(code: string, allowedDomain?: string): string {
  switch (code) {
    case "account_not_linked":
      return "This email already has an account with a password. Please log in with your email and password.";
    case "domain_not_allowed":
      return allowedDomain
        ? `Google Sign In is only open to @${allowedDomain} addresses.`
        : "Google Sign In is not open to this address.";
    case "access_denied":
      return "Google Sign In was cancelled.";
    default:
      return `Google Sign In failed (${code.replaceAll("_", " ")}). Please try again.`;
  }
}

export const dashboardTexts = {
  rootContent: "Start to update your profile",
  comingSoonHeading: "Coming Soon",
  comingSoonText:
    "The member area is on its way. Until then you can keep your profile up to date and see what is coming up next.",
  profileHeading: "Your profile",
  nameSaved: "Your display name is saved.",
  passwordChanged: "Your password is changed.",
  makeAdminSuccess: "Make Admin!",
  revokeSuccess: "Admin role revoked!",
  notSaved: "Changes are not saved",
} as const;

/** The admin sidebar, grouped as spec section 2 lists it (paths relative to /dashboard). */
export const dashboardMenu = [
  {
    heading: "Events",
    links: [
      { to: "all-events", label: "All Events" },
      { to: "add-event", label: "Add Event" },
    ],
  },
  {
    heading: "Notice",
    links: [
      { to: "all-notice", label: "All Notice" },
      { to: "add-notice", label: "Add Notice" },
    ],
  },
  {
    heading: "Department",
    links: [
      { to: "teachers", label: "Teachers" },
      { to: "add-teacher", label: "Add Teacher" },
      { to: "students", label: "Students" },
      { to: "add-student", label: "Add Student" },
    ],
  },
  {
    heading: "Executive",
    links: [
      { to: "all-executive", label: "All Executive" },
      { to: "add-executive", label: "Add Executive" },
    ],
  },
  {
    heading: "Users",
    links: [
      { to: "users", label: "Users" },
      { to: "make-admin", label: "Make Admin" },
      { to: "membership", label: "Membership" },
    ],
  },
  {
    heading: "Results",
    links: [
      { to: "results", label: "Results" },
      { to: "add-new-results", label: "Add New Results" },
    ],
  },
  {
    // The recent events are the home page's grid (and /details/{id}).
    heading: "Home Page",
    links: [
      { to: "recent-events", label: "Recent Events" },
      { to: "add-recent-event", label: "Add Recent Event" },
    ],
  },
  {
    heading: "Review",
    // The badge counts what the public forms sent and nobody has reviewed yet.
    links: [{ to: "review", label: "Review queue", badge: "pendingReviews" }],
  },
  {
    // Telling people: subscriptions, chat webhooks, the mail the site sent, background work that failed.
    heading: "Notifications",
    links: [
      { to: "notifications", label: "My email notifications" },
      { to: "webhooks", label: "Webhooks" },
      { to: "outbox", label: "Outbox" },
      { to: "jobs", label: "Failed jobs" },
    ],
  },
  {
    heading: "Scripts",
    links: [{ to: "api-tokens", label: "API tokens" }],
  },
] as const;

export const apiTokenTexts = {
  heading: "API tokens",
  intro:
    "A token lets a script or another app call the API as you, with your rights. Keep it secret; " +
    "revoke it when it is no longer needed.",
  sendAs: "Send it with every call as",
  header: "Authorization: Bearer <token>",
  create: "Create token",
  created: "Token created. Copy it now: it is shown only this once.",
  newToken: "Your new token",
  revoked: "Token revoked. Calls with it are refused from now on.",
  missing: "Nothing was revoked: you have no token with this id (it may be gone already).",
  empty: "You have no API tokens.",
  never: "Never",
} as const;
