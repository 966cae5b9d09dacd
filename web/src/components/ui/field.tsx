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
  type?: "text" | "email" | "number";
  /** A select of these instead of an input (a string is its own label). */
  options?: readonly (string | FieldOption)[];
  autoComplete?: string;
  hint?: string;
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
  inline,
}: FieldProps) {
  return (
    <div className={inline ? `${styles.field} ${styles.inline}` : styles.field}>
      <label htmlFor={id}>
        {label}{" "}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {options ? (
        <select id={id} value={value} required={required} onChange={(event) => onChange(event.target.value)}>
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
