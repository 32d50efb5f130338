import type { Ref } from "react";
import { Form, type FormProps } from "react-router";
import type { ConfirmQuestion } from "~/lib/form-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { ConfirmAnswer, ConfirmPanel } from "./confirm-panel";
import type { useConfirmedSubmit } from "./use-confirmed-submit";

/** What the page's `useConfirmedSubmit()` gives its confirmed forms. */
export type ConfirmedSubmit = Pick<
  ReturnType<typeof useConfirmedSubmit>,
  "asked" | "askedFormId" | "pending" | "check" | "askFromEvent" | "yes" | "no" | "dialogClosed"
>;

interface ConfirmedFormProps extends Omit<FormProps, "method" | "onSubmit"> {
  /** The page's `useConfirmedSubmit()`: its forms share one question. */
  confirmed: ConfirmedSubmit;
  /**
   * The server checks the form before the question (an entity form: the dialog opens only when
   * it is valid); otherwise the question comes first (a row's Delete).
   */
  checkFirst?: boolean;
  ref?: Ref<HTMLFormElement>;
}

/**
 * A form that needs a Yes before it acts (spec section 4): with JavaScript its submission waits
 * for the page's `<Confirmation>` dialog; without, the server answers with the same question as a
 * second step; when the question is about this form's fields (`confirmed.askedFormId`), its Yes and
 * No come at the form's end, after every field.
 */
export function ConfirmedForm({ confirmed, checkFirst, children, ...form }: ConfirmedFormProps) {
  const { asked, askedFormId } = confirmed;
  return (
    <Form method="post" onSubmit={checkFirst ? confirmed.check : confirmed.askFromEvent} {...form}>
      {children}
      {asked && form.id && askedFormId === form.id && <ConfirmAnswer formId={form.id} title={asked.title} />}
    </Form>
  );
}

interface ConfirmationProps {
  confirmed: ConfirmedSubmit;
  /** What the dialog asks about the submission waiting for its answer (`confirmed.pending`). */
  question: Pick<ConfirmQuestion, "title" | "description">;
}

/**
 * The question of a page's confirmed forms, in both its forms: the Yes / No dialog (JavaScript),
 * and the server's second step with Yes / No buttons (without): the question's hidden values,
 * or the fields of the form it is about (`confirmed.askedFormId`), are sent again by its Yes.
 */
export function Confirmation({ confirmed, question }: ConfirmationProps) {
  const { asked, askedFormId } = confirmed;
  return (
    <>
      {asked && <ConfirmPanel {...asked} formId={askedFormId} />}
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
