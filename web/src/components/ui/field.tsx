/** A labelled form control: an input, or a select when given options, with an optional hint. */
import styles from "./field.module.css";

export interface FieldOption {
  label: string;
  value: string;
}

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  type?: "text" | "email" | "number" | "date";
  /** A select of these instead of an input (a string is its own label). */
  options?: readonly (string | FieldOption)[];
  autoComplete?: string;
  hint?: string;
  /** A short note in the label itself, as for a field some action needs though the form does not require it. */
  note?: string;
  /** Marks the control as needing attention (aria-invalid), e.g. a field a refused action names. */
  invalid?: boolean;
  /** Label and control on one line. */
  inline?: boolean;
}

const option = (choice: string | FieldOption): FieldOption =>
  typeof choice === "string" ? { label: choice, value: choice } : choice;

export function Field({
  id,
  label,
  value,
  onChange,
  required,
  type = "text",
  options,
  autoComplete,
  hint,
  note,
  invalid,
  inline,
}: FieldProps) {
  const classes = [styles.field, inline ? styles.inline : "", invalid ? styles.invalid : ""].filter(Boolean);
  return (
    <div className={classes.join(" ")}>
      <label htmlFor={id}>
        {label}{" "}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
        {note ? <span className={styles.note}>({note})</span> : null}
      </label>
      {options ? (
        <select
          id={id}
          value={value}
          required={required}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map(option).map(({ label: text, value: choice }) => (
            <option key={text} value={choice}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={type}
          value={value}
          required={required}
          autoComplete={autoComplete}
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.value)}
          // SPEC.md §5: a number input loses focus on the mouse wheel, so scrolling the page never changes it.
          onWheel={type === "number" ? (event) => event.currentTarget.blur() : undefined}
          inputMode={type === "number" ? "numeric" : undefined}
        />
      )}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
