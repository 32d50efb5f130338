import { data, NavLink } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { useSavedForm } from "~/components/use-saved-form";
import { appContext } from "~/core/context";
import { getSiteSettings, saveSiteSettings } from "~/core/settings.server";
import { readSettingsForm, settingsFormValues, translatedSettingsLayout } from "~/core/settings-form.server";
import { isSettingsGroup, SETTINGS_GROUPS } from "~/core/settings-groups";
import { settingsGroupSchemas } from "~/core/settings-schema.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { invalidForm } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import { SettingsFields } from "./__settings-fields";
import type { Route } from "./+types/settings";

/**
 * The site's settings (admins only), one group per tab: `/dashboard/settings` is the club's
 * facts, `/dashboard/settings/{group}` the others. Each tab saves its own group.
 */
export const handle: RouteHandle = { hydrate: true };

const FORM_ID = "settings-form";

function groupOf(params: { group?: string }): (typeof SETTINGS_GROUPS)[number] {
  const key = params.group ?? "club";
  const group = SETTINGS_GROUPS.find((candidate) => candidate.key === key);
  if (!isSettingsGroup(key) || !group) throw data(null, { status: 404 });
  return group;
}

const saveQuestion = (t: Translate, group: (typeof SETTINGS_GROUPS)[number]) => ({
  title: t("tools.settings.saveTitle"),
  description: t("tools.settings.saveDescription", { group: t(group.label) }),
});

export function meta(args: Route.MetaArgs) {
  const group = SETTINGS_GROUPS.find((candidate) => candidate.key === args.loaderData?.group);
  return privatePageMeta(args, (t) =>
    group ? t("tools.settings.headingGroup", { group: t(group.label) }) : t("tools.settings.heading"),
  );
}

export const loader = screenLoader(async ({ request, context, params }: Route.LoaderArgs) => {
  const group = groupOf(params);
  const settings = await getSiteSettings(context.get(appContext).db);
  const { t } = translatorFor(request);
  return {
    group: group.key,
    parts: translatedSettingsLayout(group.key, t),
    values: settingsFormValues(group.key, settings),
  };
});

export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: "messages.action.saveSettings",
    input: ({ args, form, locale }: IntentContext<Route.ActionArgs>) => {
      const group = groupOf(args.params);
      const posted = readSettingsForm(group.key, form);
      const parsed = settingsGroupSchemas[group.key].safeParse(posted.input);
      if (!parsed.success)
        return { ok: false, answer: invalidForm(posted.values, posted.errorsOf(parsed.error), locale) };
      return { ok: true, data: { group, settings: parsed.data }, values: posted.values };
    },
    confirm: ({ t }, { group }) => ({ question: saveQuestion(t, group) }),
    run: async ({ app, actor, t }, { settings }) => {
      const changed = await saveSiteSettings(app, actor, settings);
      const message = changed.length > 0 ? t("tools.settings.saved") : t("tools.settings.unchanged");
      return data<ActionResult>({ tone: "success", message, saved: true });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `btn min-h-11 border text-sm ${isActive ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-navy-900 hover:bg-slate-50"}`;

function GroupTabs() {
  const t = useT();
  return (
    <nav aria-label={t("tools.settings.sections")}>
      <ul className="flex flex-wrap gap-2">
        {SETTINGS_GROUPS.map((group) => (
          <li key={group.key}>
            <NavLink
              to={group.key === "club" ? "/dashboard/settings" : `/dashboard/settings/${group.key}`}
              end
              className={tabClass}
            >
              {t(group.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const group = groupOf({ group: loaderData.group });
  const t = useT();
  const groupLabel = t(group.label);
  const { confirmed, formRef, savedCount, answer, errors, feedback } = useSavedForm(actionData, FORM_ID);
  const values = (answer?.saved ? undefined : answer?.values) ?? loaderData.values;
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: t("tools.settings.crumbDashboard"), to: "/dashboard" },
          { label: t("tools.settings.heading"), to: "/dashboard/settings" },
          { label: groupLabel },
        ]}
      />
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.settings.headingGroup", { group: groupLabel })}</h1>
      <GroupTabs />
      <p className="text-slate-700">{t(group.intro)}</p>
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={saveQuestion(t, group)} />
      <ConfirmedForm
        confirmed={confirmed}
        checkFirst
        id={FORM_ID}
        ref={formRef}
        noValidate
        key={`${group.key}:${savedCount}:${JSON.stringify(values)}`}
        className="card flex flex-col gap-5 p-4 sm:p-6"
      >
        <SettingsFields parts={loaderData.parts} values={values} errors={errors} />
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-navy" disabled={confirmed.busy}>
            {t("tools.settings.save")}
          </button>
          {confirmed.busy && <Spinner />}
        </div>
      </ConfirmedForm>
    </section>
  );
}
