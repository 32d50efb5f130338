import type { Ref } from "react";
import { Form, type FormProps } from "react-router";
import type { ConfirmQuestion } from "~/lib/form-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { ConfirmAnswer, ConfirmPanel } from "./confirm-panel";
import type { useConfirmedSubmit } from "./use-confirmed-submit";

/** What the page's `useConfirmedSubmit()` gives its confirmed forms. */
export type ConfirmedSubmit = Pick<
  ReturnType<typeof useConfirmedSubmit>,
  "pending" | "check" | "askFromEvent" | "yes" | "no" | "dialogClosed"
>;

interface ConfirmedFormProps extends Omit<FormProps, "method" | "onSubmit"> {
  /** The page's `useConfirmedSubmit()`: its forms share one question. */
  confirmed: ConfirmedSubmit;
  /**
   * The server checks the form before the question (an entity form: the dialog opens only when
   * it is valid); otherwise the question comes first (a row's Delete).
   */
  checkFirst?: boolean;
  /**
   * Without JavaScript, the server's question about this form's submission: its Yes and No come
   * at the form's end, after every field (the page's `<Confirmation>` shows the question).
   */
  asked?: ConfirmQuestion;
  ref?: Ref<HTMLFormElement>;
}

/**
 * A form that needs a Yes before it acts (spec section 4): with JavaScript its submission waits
 * for the page's `<Confirmation>` dialog; without, the server answers with the same question as a
 * second step.
 */
export function ConfirmedForm({ confirmed, checkFirst, asked, children, ...form }: ConfirmedFormProps) {
  return (
    <Form method="post" onSubmit={checkFirst ? confirmed.check : confirmed.askFromEvent} {...form}>
      {children}
      {asked && form.id && <ConfirmAnswer formId={form.id} title={asked.title} />}
    </Form>
  );
}

interface ConfirmationProps {
  confirmed: ConfirmedSubmit;
  /** What the dialog asks about the submission waiting for its answer (`confirmed.pending`). */
  question: Pick<ConfirmQuestion, "title" | "description">;
  /** The server's question, when a submission without JavaScript came back asking for a Yes. */
  asked?: ConfirmQuestion;
  /** The entity form whose values the second step's Yes sends again, from its end (else the question's hidden values). */
  formId?: string;
}

/**
 * The question of a page's confirmed forms, in both its forms: the Yes / No dialog (JavaScript),
 * and the server's second step with Yes / No buttons (without).
 */
export function Confirmation({ confirmed, question, asked, formId }: ConfirmationProps) {
  return (
    <>
      {asked && <ConfirmPanel {...asked} formId={formId} />}
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...question}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </>
  );
}
