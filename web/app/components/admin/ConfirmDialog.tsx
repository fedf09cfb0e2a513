/**
 * A question before a step that cannot be undone ("Disable Priya Nair? They are signed out at
 * once."): a native modal <dialog> opened on mount (the page behind is inert, Escape cancels,
 * focus starts on "Cancel" and returns to the opener), named by `title`, with `confirmLabel` and
 * "Cancel". `onConfirm` or `onCancel` runs once, and the caller unmounts it.
 */
import {useEffect, useId, useRef} from 'react'

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string
  text?: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const confirmed = useRef(false)

  useEffect(() => {
    const element = dialog.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (element && !element.open) element.showModal()
    cancel.current?.focus()
    return () => {
      if (element?.open) element.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={text ? `${id}-text` : undefined}
      onClose={() => (confirmed.current ? onConfirm() : onCancel())}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-navy-950/60"
    >
      <div className="p-6">
        <h2 id={`${id}-title`} className="text-xl font-bold text-navy-900">
          {title}
        </h2>
        {text ? (
          <p id={`${id}-text`} className="mt-2 text-sm text-slate-700">
            {text}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button ref={cancel} type="button" onClick={() => dialog.current?.close()} className="btn-outline">
            Cancel
          </button>
          <button
            type="button"
            onClick={() => {
              confirmed.current = true
              dialog.current?.close()
            }}
            className="btn-primary"
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  )
}
