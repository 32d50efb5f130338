import { flashTexts } from "./flash-texts";

/** Texts of the account screens; the quoted ones are the spec's, word for word. */
export const accountTexts = {
  loginHeading: "Please Login",
  loginButton: "Login",
  toRegister: "Are you new user? Please Register",
  googleButton: "Google Sign In",
  loggedIn: flashTexts.login,
  registerHeading: "Please Register",
  registerButton: "Register",
  toLogin: "Already Registered? Please Login",
  registered: flashTexts.register,
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
  passwordChanged: flashTexts["password-changed"],
  makeAdminSuccess: "Make Admin!",
  revokeSuccess: "Admin role revoked!",
  notSaved: "Changes are not saved",
} as const;

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
