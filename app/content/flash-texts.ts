/**
 * The one-time alerts after login, registration or a password change (spec texts). A module of
 * their own: every page can show one, and only these three strings ship with every page.
 */
export const flashTexts = {
  login: "Congratulations! You're successfully logged in!",
  register: "Congratulations! You're successfully registered!",
  "password-changed": "Your password is changed.",
} as const;
