import { useId } from "react";
import { FREQUENCIES, SUBSCRIPTION_TOPICS, topicLabel } from "~/features/notifications/subscriptions";
import { useT } from "~/i18n/react";

interface SubscriptionChoicesProps {
  /** The chosen topics and frequency (as stored, or as typed before a failed send). */
  topics: readonly string[];
  /** Left out: the topics alone (a webhook's). */
  frequency?: string;
  errors?: Record<string, string>;
  /** The group whose first box takes focus as the page loads (a form's answer naming it). */
  autoFocusGroup?: string;
}

/**
 * The topic boxes and the how-often choice: the same on the subscribe form, the preferences
 * page reached from a mail and the dashboard. Each group is a fieldset whose legend names it
 * and whose error is read with it.
 */
export function SubscriptionChoices({ topics, frequency, errors, autoFocusGroup }: SubscriptionChoicesProps) {
  const t = useT();
  const id = useId();
  return (
    <>
      <ChoiceGroup legend={t("accounts.subscription.topics")} error={errors?.topics} errorId={`${id}-topics-error`}>
        {SUBSCRIPTION_TOPICS.map((topic, index) => (
          <Choice
            key={topic.key}
            autoFocus={autoFocusGroup === "topics" && index === 0}
            type="checkbox"
            name="topics"
            value={topic.key}
            label={topicLabel(t, topic.key)}
            checked={topics.includes(topic.key)}
          />
        ))}
      </ChoiceGroup>
      {frequency !== undefined && (
        <ChoiceGroup
          legend={t("accounts.subscription.frequency")}
          error={errors?.frequency}
          errorId={`${id}-frequency-error`}
        >
          {FREQUENCIES.map((choice, index) => (
            <Choice
              key={choice.key}
              autoFocus={autoFocusGroup === "frequency" && index === 0}
              type="radio"
              name="frequency"
              value={choice.key}
              label={t(choice.labelKey)}
              checked={frequency === choice.key}
            />
          ))}
        </ChoiceGroup>
      )}
    </>
  );
}

function ChoiceGroup(props: { legend: string; error?: string; errorId: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={props.error ? props.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{props.legend}</legend>
      {props.children}
      {props.error && (
        <p id={props.errorId} className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function Choice(props: {
  type: "checkbox" | "radio";
  name: string;
  value: string;
  label: string;
  checked: boolean;
  autoFocus?: boolean;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-slate-800">
      <input
        type={props.type}
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        // biome-ignore lint/a11y/noAutofocus: a form's answer naming this group (see useAnswerFocus)
        autoFocus={props.autoFocus}
        className="size-5 accent-navy-800"
      />
      {props.label}
    </label>
  );
}
