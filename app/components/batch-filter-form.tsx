import type { ReactNode } from "react";
import { Form } from "react-router";

/** A public list's filter: a batch (and any other fields), sent as a GET form so it works without script. */
export function BatchFilterForm({
  id,
  batch,
  batches,
  texts,
  children,
  after,
}: {
  id: string;
  batch: string;
  batches: readonly number[];
  texts: { batch: string; everyBatch: string; show: string };
  /** More fields, before the button. */
  children?: ReactNode;
  /** Links after the button (a download). */
  after?: ReactNode;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {texts.batch}
        </label>
        <select
          id={id}
          name="batch"
          defaultValue={batch}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
        >
          <option value="">{texts.everyBatch}</option>
          {batches.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      {children}
      <button type="submit" className="btn-navy">
        {texts.show}
      </button>
      {after}
    </Form>
  );
}
