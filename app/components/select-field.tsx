export interface Choice {
  value: string;
  label: string;
}

/** A labelled choice of a GET form above a list (a filter, a sort, a round). */
export function SelectField({
  id,
  name,
  label,
  value,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  choices: readonly Choice[];
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="min-h-11 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
