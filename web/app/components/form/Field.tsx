/**
 * One labelled form control, shared by the enrolment (/payment), contact and administrator login
 * forms: the label, an optional hint and the field's first error, under the ids that conform's
 * helpers point `aria-describedby` at. Pass the field's conform metadata (`fields.x`) as `field`
 * and spread the same metadata into the control:
 *
 *   <Field field={fields.phone} label="Phone" hint="With country code">
 *     <input {...getInputProps(fields.phone, {type: 'tel', ariaDescribedBy: fields.phone.descriptionId})} className={inputClass(fields.phone.errors)} />
 *   </Field>
 *
 * - the hint is `field.descriptionId` (`${field.id}-description`): give the control
 *   `ariaDescribedBy: field.descriptionId` when there is one;
 * - the error is `field.errorId` (`${field.id}-error`), which conform adds to the control's
 *   `aria-describedby` (before the hint) and pairs with `aria-invalid` while the field has errors.
 *   It is always rendered and hidden while empty.
 *
 * Each form keeps the look it had before the three were merged (`look`, default 'contact'); to
 * align them, change FORM_LOOKS.
 */
import type {ReactNode} from 'react'

/** What a Field reads of conform's field metadata (`fields.x` of useForm). */
export type FieldIds = {id: string; errorId: string; descriptionId: string; errors?: string[]}

export type FormLook = keyof typeof FORM_LOOKS

const FORM_LOOKS = {
  /** The enrolment form: a medium label, the hint in small print under the control, focus ring. */
  enrolment: {
    label: 'block text-sm font-medium text-navy-900',
    hintFirst: false,
    hint: 'mt-1 text-xs text-slate-600',
    error: 'mt-1 text-sm font-medium text-red-700 empty:hidden',
    control:
      'block w-full rounded-lg border px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    valid: 'border-slate-300',
    invalid: 'border-red-500',
  },
  /** The contact form: a semibold label (with * or "(optional)"), the hint between label and control. */
  contact: {
    label: 'block text-sm font-semibold text-navy-900',
    hintFirst: true,
    hint: 'mt-1 text-sm text-slate-600',
    error: 'mt-1.5 text-sm font-medium text-red-700 empty:hidden',
    control: 'block w-full scroll-mt-36 rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm focus:border-ocean-600',
    valid: 'border-slate-400',
    invalid: 'border-red-600',
  },
  /** The administrator login: the contact form's label; a 44 px control with a light focus ring. */
  login: {
    label: 'block text-sm font-semibold text-navy-900',
    hintFirst: true,
    hint: 'mt-1 text-sm text-slate-600',
    error: 'mt-1.5 text-sm font-medium text-red-700 empty:hidden',
    control:
      'block min-h-11 w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none',
    valid: 'border-slate-300',
    invalid: 'border-red-500',
  },
} as const

/** The classes of a text input, select or textarea: red border while the field has errors. */
export function inputClass(errors: string[] | undefined, look: FormLook = 'contact'): string {
  const style = FORM_LOOKS[look]
  return `${style.control} ${errors?.length ? style.invalid : style.valid}`
}

export function Field({
  field,
  label,
  hint,
  required = false,
  optional = false,
  look = 'contact',
  className,
  children,
}: {
  field: FieldIds
  label: string
  hint?: ReactNode
  /** Marks the label with an asterisk (hidden from screen readers: the control is `required`). */
  required?: boolean
  /** Adds "(optional)" to the label. */
  optional?: boolean
  look?: FormLook
  className?: string
  /** The control, with conform's props for the same field. */
  children: ReactNode
}) {
  const style = FORM_LOOKS[look]
  const hintText = hint ? (
    <p id={field.descriptionId} className={style.hint}>
      {hint}
    </p>
  ) : null
  return (
    <div className={className}>
      <label htmlFor={field.id} className={style.label}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {style.hintFirst ? hintText : null}
      <div className="mt-1.5">{children}</div>
      {style.hintFirst ? null : hintText}
      <p id={field.errorId} className={style.error}>
        {field.errors?.[0]}
      </p>
    </div>
  )
}

/**
 * A form's submit button: `label`, or `busyLabel` ("Sending...") and disabled while the form is
 * submitted (so a second press cannot send it twice). `className` sizes and places it.
 */
export function SubmitButton({busy, label, busyLabel, className = ''}: {busy: boolean; label: string; busyLabel: string; className?: string}) {
  return (
    <button type="submit" className={`btn-primary disabled:cursor-wait disabled:opacity-70 ${className}`} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  )
}
