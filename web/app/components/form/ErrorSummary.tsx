/**
 * The error summary of a form (the contact form's: also /payment's,
 * docs/requirements.md#req-checkout-errors): "Please correct this field:" / "Please correct these
 * N fields:" and one link per field error, "{label}: {message}", in form order, to the field.
 *
 * A link is a plain `#id` anchor (it works without JavaScript); with JavaScript a click also
 * moves the focus into the field (browsers only scroll to a fragment), so the visitor can type at
 * once. `live` (default) makes the summary its own alert; pass `live={false}` when it is shown
 * inside an existing alert region (the /payment form's).
 */
import type {MouseEvent} from 'react'

/** One field error: the control's id (conform's `fields.x.id`), its visible label and the message. */
export type SummaryError = {fieldId: string; label: string; message: string}

export function ErrorSummary({id, errors, live = true, className}: {id: string; errors: SummaryError[]; live?: boolean; className?: string}) {
  if (errors.length === 0) return null
  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId)
    if (!field) return
    event.preventDefault()
    field.scrollIntoView({block: 'center'})
    field.focus({preventScroll: true})
  }
  return (
    <div
      role={live ? 'alert' : undefined}
      aria-labelledby={live ? id : undefined}
      className={className ?? 'rounded-lg border border-red-300 bg-red-50 p-4 text-red-900'}
      data-testid="error-summary"
    >
      <p id={id} className="font-semibold">
        Please correct {errors.length === 1 ? 'this field' : `these ${errors.length} fields`}:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a href={`#${error.fieldId}`} className="underline underline-offset-2 hover:text-red-700" onClick={(event) => focusField(event, error.fieldId)}>
              {error.label}: {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
