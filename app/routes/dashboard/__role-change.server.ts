import type { RoleChangeIntent } from "~/features/accounts/users";
import {
  answerRoleChange,
  type RoleChangeForm,
  readRoleChangeForm,
  roleChangeQuestion,
} from "~/features/accounts/users.server";
import { intent } from "~/wiring/dashboard-screens.server";

/** Make Admin, Revoke and Change role, on the users table and the make-admin page: the address checked, a Yes, the change. */
export function roleChangeIntent<Args>(kind: RoleChangeIntent) {
  return intent<Args, RoleChangeForm>({
    what: "messages.action.changeRole",
    input: ({ form, locale }) => readRoleChangeForm(form, kind, locale),
    confirm: ({ t }, change) => ({ question: roleChangeQuestion(t, change) }),
    run: ({ app, actor, locale }, change) => answerRoleChange(app.db, change, actor, locale),
  });
}
