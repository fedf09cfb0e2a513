/**
 * The admin pages' detail dialog frame (the enquiry): a native
 * modal <dialog> opened on mount (the page behind is inert, Escape closes it, focus returns to
 * the element that opened it), named by its `title` heading and described by its `subtitle`; a
 * close button labelled `closeLabel` (the initial focus); the body scrolls within 70 % of the
 * viewport. `onClose` runs however it is closed. DetailFields is the label/value grid both show.
 */
import {Field} from '~/components/ui/Field'
import {useEffect, useId, useRef, type ReactNode} from 'react'
import {CloseIcon} from '~/components/Icons'
import type {EnrolmentDetail} from '#schemas/contracts/admin'

export function AdminDialog({
  title,
  subtitle,
  closeLabel,
  onClose,
  children,
}: {
  title: ReactNode
  subtitle: ReactNode
  closeLabel: string
  onClose: () => void
  children: ReactNode
}) {
  const ids = useId()
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => {
      if (element?.open) element.close()
    }
  }, [])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-subtitle`}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl p-0 text-slate-800 shadow-2xl backdrop:bg-navy-950/60"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={`${ids}-title`} className="text-xl font-bold break-words text-navy-900">
            {title}
          </h2>
          <p id={`${ids}-subtitle`} className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {subtitle}
          </p>
        </div>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="grid h-11 w-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100"
          aria-label={closeLabel}
          // The dialog's initial focus (HTML's way to choose it for a modal <dialog>).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        >
          <CloseIcon />
        </button>
      </div>
      <div className="max-h-[70vh] overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
    </dialog>
  )
}

/** Label/value pairs in one or two columns (a <dl>). */
export function DetailFields({fields}: {fields: ReadonlyArray<readonly [string, ReactNode]>}) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {fields.map(([label, value]) => (
        <Field key={label} label={label} valueClassName="text-sm break-words">
          {value}
        </Field>
      ))}
    </dl>
  )
}

/**
 * The props of a section of the enrolment detail that changes the enrolment (follow-up, refunds,
 * installments): the detail shown, the staff token, what to do with the detail after a change,
 * and what to do when the session has expired (401).
 */
export type EnrolmentSectionProps = {
  detail: EnrolmentDetail
  token: string
  onUpdated: (detail: EnrolmentDetail) => void
  onUnauthorized: () => void
}
