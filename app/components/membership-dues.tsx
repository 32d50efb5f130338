import { Form } from "react-router";
import type { FormFieldDef } from "~/core/collection";
import { textCell } from "~/core/collection";
import { PAYMENT_METHOD_KEYS } from "~/features/members/dues";
import type { MessageKey } from "~/i18n/catalogs";
import { type Translate, useT } from "~/i18n/react";
import type { ActionResult } from "~/lib/form-actions";
import { ConfirmedForm, type ConfirmedSubmit } from "./confirmed-form";
import { DataTable } from "./data-table";
import { FormField } from "./form-field";
import { SelectField } from "./select-field";

/** The membership screen's dues: the round's fee, recording a payment, who has paid, the reminder and the CSV. */

export type DuesIntent = "set-fee" | "record-payment" | "remind";

/** What the confirm dialog asks for each dues form; the server asks the same without JavaScript. */
export function duesQuestion(t: (key: MessageKey) => string, intent: DuesIntent) {
  const keys = {
    "set-fee": ["tools.dues.feeTitle", "tools.dues.feeDescription"],
    "record-payment": ["tools.dues.paymentTitle", "tools.dues.paymentDescription"],
    remind: ["tools.dues.remindTitle", "tools.dues.remindDescription"],
  } as const;
  const [title, description] = keys[intent];
  return { title: t(title), description: t(description) };
}

export type DuesFilter = "" | "paid" | "unpaid";

export interface DuesView {
  fee: { amount: string; currency: string; feeRequired: boolean; set: boolean };
  /** The round's approved applicants: who may pay. */
  payers: { applicationId: string; name: string }[];
  lines: { applicationId: string; name: string; email: string; paid: string; isPaid: boolean }[];
  filter: DuesFilter;
  today: string;
}

const feeFields = (t: Translate): FormFieldDef[] => [
  { name: "fee", label: t("tools.dues.fee"), kind: "text", maxLength: 12, hint: t("tools.dues.feeHint") },
  { name: "currency", label: t("tools.dues.currency"), kind: "text", required: true, maxLength: 3 },
];

const paymentFields = (t: Translate, dues: DuesView): FormFieldDef[] => [
  {
    name: "application_id",
    label: t("tools.dues.payer"),
    kind: "select",
    required: true,
    options: dues.payers.map((payer) => payer.applicationId),
    optionLabels: Object.fromEntries(dues.payers.map((payer) => [payer.applicationId, payer.name])),
  },
  {
    name: "method",
    label: t("tools.dues.method"),
    kind: "select",
    required: true,
    options: Object.keys(PAYMENT_METHOD_KEYS),
    optionLabels: Object.fromEntries(Object.entries(PAYMENT_METHOD_KEYS).map(([method, key]) => [method, t(key)])),
  },
  {
    name: "reference",
    label: t("tools.dues.reference"),
    kind: "text",
    maxLength: 100,
    hint: t("tools.dues.referenceHint"),
  },
  { name: "amount", label: t("tools.dues.amount"), kind: "text", required: true, maxLength: 12 },
  { name: "paid_on", label: t("tools.dues.paidOn"), kind: "date", required: true },
];

interface DuesProps {
  roundId: string;
  session: string;
  dues: DuesView;
  confirmed: ConfirmedSubmit;
  /** The last answer of the page's forms, for this section's errors and kept values. */
  answer: ActionResult | undefined;
}

export function MembershipDues({ roundId, session, dues, confirmed, answer }: DuesProps) {
  const t = useT();
  const errors = answer?.saved ? {} : (answer?.errors ?? {});
  const typed = (name: string, fallback = "") => (answer?.saved ? fallback : (answer?.values?.[name] ?? fallback));
  return (
    <section aria-labelledby="dues-heading" className="flex flex-col gap-4">
      <h2 id="dues-heading" className="text-xl font-bold text-navy-900">
        {t("tools.dues.heading", { session })}
      </h2>
      <details className="card p-4">
        <summary className="cursor-pointer font-semibold text-navy-900">
          {dues.fee.set
            ? t("tools.dues.feeSummarySet", { amount: dues.fee.amount, currency: dues.fee.currency })
            : t("tools.dues.feeSummary")}
        </summary>
        <ConfirmedForm
          confirmed={confirmed}
          checkFirst
          id="set-fee"
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="set-fee" />
          <input type="hidden" name="round" value={roundId} />
          {feeFields(t).map((field) => (
            <FormField
              key={field.name}
              field={field}
              defaultValue={typed(field.name, field.name === "fee" ? dues.fee.amount : dues.fee.currency)}
              error={errors[field.name]}
            />
          ))}
          <label className="flex min-h-11 items-center gap-2 sm:col-span-2">
            <input
              type="checkbox"
              name="fee_required"
              defaultChecked={dues.fee.feeRequired}
              className="size-5 accent-navy-700"
            />
            {t("tools.dues.feeRequired")}
          </label>
          <button type="submit" className="btn-navy justify-self-start sm:col-span-2">
            {t("tools.dues.saveFee")}
          </button>
        </ConfirmedForm>
      </details>
      {dues.payers.length > 0 && (
        <details className="card p-4" open>
          <summary className="cursor-pointer font-semibold text-navy-900">{t("tools.dues.recordSummary")}</summary>
          <ConfirmedForm
            confirmed={confirmed}
            checkFirst
            id="record-payment"
            noValidate
            key={answer?.saved ? "saved" : "form"}
            className="mt-4 grid gap-4 sm:grid-cols-2"
          >
            <input type="hidden" name="intent" value="record-payment" />
            <input type="hidden" name="round" value={roundId} />
            {paymentFields(t, dues).map((field) => (
              <FormField
                key={field.name}
                field={field}
                defaultValue={typed(
                  field.name,
                  field.name === "paid_on" ? dues.today : field.name === "amount" ? dues.fee.amount : "",
                )}
                error={errors[field.name]}
              />
            ))}
            <button type="submit" className="btn-accent justify-self-start sm:col-span-2">
              {t("tools.dues.record")}
            </button>
          </ConfirmedForm>
        </details>
      )}
      <DuesList roundId={roundId} session={session} dues={dues} confirmed={confirmed} />
    </section>
  );
}

function DuesList({ roundId, session, dues, confirmed }: Omit<DuesProps, "answer">) {
  const t = useT();
  return (
    <>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="round" value={roundId} />
          <SelectField
            id="filter-dues"
            name="dues"
            label={t("tools.dues.filter")}
            value={dues.filter}
            choices={[
              { value: "", label: t("tools.dues.everyone") },
              { value: "paid", label: t("tools.dues.paid") },
              { value: "unpaid", label: t("tools.dues.unpaid") },
            ]}
          />
          <button type="submit" className="btn-navy">
            {t("tools.membership.show")}
          </button>
        </Form>
        <a
          href={`/dashboard/membership/payments.csv?round=${roundId}`}
          className="btn border border-slate-300 text-navy-900"
          download
        >
          {t("tools.dues.csv")}
        </a>
        {dues.fee.set && (
          <ConfirmedForm confirmed={confirmed} id="remind-unpaid">
            <input type="hidden" name="intent" value="remind" />
            <input type="hidden" name="round" value={roundId} />
            <button type="submit" className="btn-accent">
              {t("tools.dues.remind")}
            </button>
          </ConfirmedForm>
        )}
      </div>
      <DataTable
        caption={t("tools.dues.caption", { session })}
        rows={dues.lines.map((line) => ({ ...line, _id: line.applicationId }))}
        empty={t("tools.dues.empty")}
        columns={[
          { header: t("tools.membership.colNameBatch"), cell: (row) => textCell(row.name) },
          { header: t("tools.membership.colEmail"), cell: (row) => textCell(row.email) },
          { header: t("tools.dues.colPaid"), cell: (row) => textCell(row.paid) },
          {
            header: t("tools.membership.colStatus"),
            cell: (row) => ({
              kind: "badge",
              text: row.isPaid ? t("tools.dues.paid") : t("tools.dues.unpaid"),
              tone: row.isPaid ? "success" : "danger",
            }),
          },
        ]}
        actions={() => null}
      />
    </>
  );
}
