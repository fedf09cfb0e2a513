/**
 * The follow-up part of the enrolment detail dialog (docs/requirements.md#req-enrolment-status):
 * the current status, a button for each move staff may make next (#schemas/rules/enrolment-status
 * STAFF_MOVES: "Mark as contacted", "Mark as confirmed", "Mark as completed", and "Cancel
 * enrolment" behind a confirm step that says cancelling does not refund the payment), a note
 * with "Add note", and the history, newest first (when, who, from → to, note).
 *
 * One change at a time: while one is saved every control waits ("Saving...", "Adding note...").
 * A refused change shows the server's reason in an alert; success is announced politely. Focus
 * never drops to the page: after a move it goes to the next move's button (or the status line),
 * after a note back to the note field, after an error to the control that was used.
 */
import {useEffect, useId, useRef, useState, type FormEvent} from 'react'
import {
  ENROLMENT_STATUS_LABELS,
  NOTE_MAX_LENGTH,
  normaliseNote,
  noteProblem,
  STAFF_MOVE_LABELS,
  staffMovesFrom,
  wasPaid,
  type EnrolmentStatus,
  type StaffTarget,
} from '#schemas/rules/enrolment-status'
import {formatDateTime} from '#schemas/rules/format'
import type {EnrolmentUpdateRequest} from '#schemas/contracts/admin'
import type {EnrolmentSectionProps} from './AdminDialog'
import {UnauthorizedError, updateEnrolment} from './api'

type Busy = null | 'note' | StaffTarget
/** Where focus goes once a change is done (or refused). */
type FocusTarget = null | 'moves' | 'note' | 'cancel' | 'confirm' | StaffTarget

const label = (status: EnrolmentStatus) => ENROLMENT_STATUS_LABELS[status]

export function EnrolmentFollowUp({detail, token, onUpdated, onUnauthorized}: EnrolmentSectionProps) {
  const ids = useId()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState<Busy>(null)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<{message: string; field: 'note' | 'status'} | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null)
  const section = useRef<HTMLElement>(null)

  const moves = staffMovesFrom(detail.status)
  const forward = moves.filter((to): to is Exclude<StaffTarget, 'cancelled'> => to !== 'cancelled')
  const canCancel = moves.includes('cancelled')
  const history = [...(detail.history ?? [])].reverse()

  // Focus after a change, once the controls it leaves are rendered.
  useEffect(() => {
    if (!focusTarget) return
    const root = section.current
    const target =
      focusTarget === 'moves'
        ? (root?.querySelector<HTMLElement>('[data-move]') ?? root?.querySelector<HTMLElement>('[data-status-line]'))
        : root?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`)
    target?.focus()
    setFocusTarget(null)
  }, [focusTarget])

  async function save(change: EnrolmentUpdateRequest, kind: Exclude<Busy, null>, done: string) {
    setBusy(kind)
    setError(null)
    setAnnouncement('')
    try {
      const updated = await updateEnrolment(token, detail.orderId, change)
      onUpdated(updated)
      setAnnouncement(done)
      setConfirming(false)
      if (kind === 'note') setNote('')
      setFocusTarget(kind === 'note' ? 'note' : 'moves')
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setError({
        message: failure instanceof Error ? failure.message : 'The change could not be saved. Please try again.',
        field: kind === 'note' ? 'note' : 'status',
      })
      setFocusTarget(kind === 'note' ? 'note' : kind === 'cancelled' ? 'confirm' : kind)
    } finally {
      setBusy(null)
    }
  }

  function addNote(event: FormEvent) {
    event.preventDefault()
    const text = normaliseNote(note)
    const problem = noteProblem(text)
    if (problem) {
      setError({message: problem, field: 'note'})
      setAnnouncement('')
      setFocusTarget('note')
      return
    }
    void save({note: text}, 'note', 'Note added.')
  }

  const noteError = error?.field === 'note' ? error.message : null
  const statusError = error?.field === 'status' ? error.message : null

  return (
    <section ref={section} aria-labelledby={`${ids}-title`} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={`${ids}-title`} className="text-base font-semibold text-navy-900">
        Follow-up
      </h3>
      {/* One text: the dialog's header already shows the status as a badge. */}
      <p data-status-line tabIndex={-1} className="mt-2 text-sm font-medium text-slate-800 focus:outline-none">
        {`Current status: ${label(detail.status)}`}
      </p>

      {moves.length > 0 ? (
        <div role="group" aria-label="Change the status" className="mt-3 flex flex-wrap gap-2">
          {forward.map((to) => (
            <button
              key={to}
              type="button"
              data-move
              data-focus={to}
              disabled={busy !== null}
              onClick={() => void save({status: to}, to, `Marked as ${label(to).toLowerCase()}.`)}
              className="btn-secondary min-h-11 px-4 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {busy === to ? 'Saving...' : STAFF_MOVE_LABELS[to]}
            </button>
          ))}
          {canCancel && !confirming ? (
            <button
              type="button"
              data-focus="cancel"
              disabled={busy !== null}
              onClick={() => {
                setConfirming(true)
                setError(null)
                setFocusTarget('confirm')
              }}
              className="btn min-h-11 border border-red-700 px-4 text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {STAFF_MOVE_LABELS.cancelled}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">The status of this enrolment cannot change any more; notes can still be added.</p>
      )}

      {confirming ? (
        <div
          role="group"
          aria-labelledby={`${ids}-confirm`}
          aria-describedby={`${ids}-confirm-detail`}
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4"
        >
          <p id={`${ids}-confirm`} className="text-sm font-semibold text-red-900">
            Cancel this enrolment? This cannot be undone.
          </p>
          <p id={`${ids}-confirm-detail`} className="mt-1 text-sm text-red-900">
            {wasPaid(detail)
              ? 'Cancelling does not refund the payment: a refund is made separately.'
              : 'The candidate has not paid; a payment that arrives later is refused and flagged for review.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              data-focus="confirm"
              disabled={busy !== null}
              onClick={() => void save({status: 'cancelled'}, 'cancelled', 'Enrolment cancelled.')}
              className="btn min-h-11 bg-red-700 px-4 text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {busy === 'cancelled' ? 'Saving...' : 'Yes, cancel enrolment'}
            </button>
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => {
                setConfirming(false)
                setFocusTarget('cancel')
              }}
              className="btn-outline min-h-11 px-4 disabled:cursor-not-allowed disabled:opacity-60"
            >
              Keep enrolment
            </button>
          </div>
        </div>
      ) : null}

      {statusError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {statusError}
        </p>
      ) : null}

      <form onSubmit={addNote} noValidate className="mt-5">
        <label htmlFor={`${ids}-note`} className="block text-sm font-semibold text-navy-900">
          Note
        </label>
        <textarea
          id={`${ids}-note`}
          data-focus="note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={`${ids}-note-hint${noteError ? ` ${ids}-note-error` : ''}`}
          className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none"
        />
        <p id={`${ids}-note-hint`} className="mt-1 text-xs text-slate-600">
          Kept in the history with your account and the time; up to {NOTE_MAX_LENGTH} characters.
        </p>
        {noteError ? (
          <p id={`${ids}-note-error`} role="alert" className="mt-1 text-sm text-red-700">
            {noteError}
          </p>
        ) : null}
        <button type="submit" disabled={busy !== null} className="btn-outline mt-2 min-h-11 px-4 disabled:cursor-not-allowed disabled:opacity-60">
          {busy === 'note' ? 'Adding note...' : 'Add note'}
        </button>
      </form>

      <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
        {announcement}
      </p>

      <h4 id={`${ids}-history`} className="mt-4 text-sm font-semibold text-navy-900">
        History
      </h4>
      {history.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No status changes or notes yet.</p>
      ) : (
        <ol aria-labelledby={`${ids}-history`} className="mt-2 space-y-2">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${history.length - index}`} className="rounded-lg border border-slate-200 px-3 py-2">
              <p className="text-xs break-words text-slate-600">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.by}
              </p>
              {entry.from && entry.to ? (
                <p className="mt-0.5 text-sm font-semibold text-navy-900">
                  {label(entry.from)} <span aria-hidden="true">→</span>
                  <span className="sr-only">to</span> {label(entry.to)}
                </p>
              ) : null}
              {entry.note ? <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
