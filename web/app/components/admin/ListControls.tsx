/**
 * The search box and the filter selects above the admin lists (docs/requirements.md#req-admin-list-queries):
 * a visible label, a 44 px tall control, and `describedBy` naming the line that says what is shown
 * ('Showing X to Y of N results'), so a screen reader hears the count with the control.
 */
import type {ChangeEvent, ReactNode} from 'react'

const CONTROL =
  'mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none'
const LABEL = 'block text-sm font-semibold text-navy-900'

type FieldProps = {id: string; label: string; describedBy: string; className?: string}

/** A labelled search box (`type="search"`). */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  describedBy,
  className = 'w-full sm:max-w-md',
}: FieldProps & {value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; placeholder: string}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input id={id} type="search" value={value} onChange={onChange} placeholder={placeholder} aria-describedby={describedBy} className={CONTROL} />
    </div>
  )
}

/** A labelled select of a list's filter or order; `children` are its options. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  describedBy,
  className = 'w-full sm:w-44',
  children,
}: FieldProps & {value: string; onChange: (event: ChangeEvent<HTMLSelectElement>) => void; children: ReactNode}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} value={value} onChange={onChange} aria-describedby={describedBy} className={CONTROL}>
        {children}
      </select>
    </div>
  )
}
