/**
 * The /payment form's fields, errors and submit (docs/requirements.md#req-validation-enrolment,
 * #req-checkout-errors), without loading the check before the visitor uses the form
 * (docs/performance.md: the page's JavaScript on a phone).
 *
 * The form's markup is the same as under conform's helpers (ids `{formId}-{name}`, errors under
 * `{id}-error`, hints under `{id}-description`, `form`, `required`, `aria-invalid` and
 * `aria-describedby` as conform sets them), so Field (../form/Field.tsx) and the error summary
 * (../form/ErrorSummary.tsx) work alike; the page carries none of conform's form state, whose
 * only work here starts at the first submit. The check itself (./enrolment-check.ts: the shared
 * zod schema through conform's zod integration, the price and the batch rules) loads on the first
 * focus, pointer or key event in the form (`warmUp`, with the checkout calls), or at the latest
 * when the form is submitted.
 *
 * Behaviour, as before:
 * - a submit is always handled here (never posted); it is checked once the check is loaded and
 *   `ready()` is true (the chosen course's batches are known), after waiting for both (`prepare()`
 *   gets the batches, or resolves to the message to show when they cannot be had). Submits while
 *   one waits are dropped, so a double click pays once;
 * - a refused submit shows every field's error and focuses the first field with one, in the
 *   form's order; `onValid(value)` gets the value of an accepted one;
 * - after the first checked submit, each change of a field checks the form again, once React has
 *   rendered the change (so the amount has followed the course), and updates the errors;
 * - `problem`: a submit that could not be checked — the check could not be loaded ('Payment failed
 *   to initialize.') or `prepare`'s message — for the form's alert; cleared by the next submit, a
 *   change of a field, or `clearProblem()` (the visitor asked again for what was missing).
 */
import {useCallback, useEffect, useRef, useState, type FormEvent} from 'react'
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'
import type {EnrolmentForm} from '#schemas/contracts/forms/enrolment'
import type {EnrolmentCheck, EnrolmentCheckContext} from './enrolment-check'
import {preloadCheckout} from './usePayment'

/** One field's ids and state: what ../form/Field.tsx shows and `controlProps` puts on the control. */
export type FormField = {
  id: string
  name: string
  formId: string
  errorId: string
  descriptionId: string
  /** The field's messages after a checked submit; undefined while it has none. */
  errors?: string[]
  required?: boolean
}

type CheckModule = typeof import('./enrolment-check')

let checkModule: Promise<CheckModule> | undefined

/** The check's module, loaded once (asked again after a failed load). */
function loadCheck(): Promise<CheckModule> {
  checkModule ??= import('./enrolment-check').catch((error: unknown) => {
    checkModule = undefined
    throw error
  })
  return checkModule
}

/**
 * The attributes of a field's control, as conform's getInputProps / getSelectProps give them:
 * id, name, form, required, and while the field has errors `aria-invalid` and its error first in
 * `aria-describedby` (before `ariaDescribedBy`, the hint).
 */
export function controlProps(field: FormField, {ariaDescribedBy}: {ariaDescribedBy?: string} = {}) {
  const invalid = Boolean(field.errors)
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${field.errorId} ${ariaDescribedBy ?? ''}`.trim() : ariaDescribedBy,
  }
}

export type EnrolmentFormOptions<Name extends string> = {
  /** The form's id (and the prefix of its fields' ids). */
  id: string
  /** The fields (the error summary's and the check's names). */
  names: readonly Name[]
  /** The fields marked `required` on their control. */
  required: readonly string[]
  /** What the check reads besides the form's data, at the time it runs. */
  context: () => EnrolmentCheckContext
  /** Whether what the check needs besides its module is known now (read when a submit happens). */
  ready: () => boolean
  /** Gets it; resolves to a message for the form's alert when it cannot be had, else null. */
  prepare: () => Promise<string | null>
  /** An accepted submit's value. */
  onValid: (value: EnrolmentForm) => void
}

export function useEnrolmentForm<Name extends string>(options: EnrolmentFormOptions<Name>) {
  const latest = useRef(options)
  latest.current = options
  const formRef = useRef<HTMLFormElement>(null)
  const check = useRef<CheckModule | null>(null)
  const waiting = useRef(false)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  // Whether a submit has been checked: from then on each change of a field is checked again.
  const checked = useRef(false)
  // Changes since then (only these re-check: not the submit itself, whose payment may disable fields).
  const [changes, setChanges] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)

  const warmUp = useCallback(() => {
    if (check.current) return
    loadCheck().then(
      (module) => void (check.current = module),
      () => undefined,
    )
    preloadCheckout()
  }, [])

  const run = useCallback((form: HTMLFormElement): EnrolmentCheck | null => {
    return check.current ? check.current.checkEnrolment(new FormData(form), latest.current.context()) : null
  }, [])

  // After a checked submit, a change is checked again once React has rendered it.
  useEffect(() => {
    if (changes === 0 || !formRef.current) return
    const result = run(formRef.current)
    if (result) setErrors(result.ok ? {} : result.errors)
  }, [changes, run])

  const attempt = useCallback(
    (form: HTMLFormElement) => {
      const result = latest.current.ready() ? run(form) : null
      if (result) {
        checked.current = true
        setErrors(result.ok ? {} : result.errors)
        if (result.ok) return latest.current.onValid(result.value)
        // The first field with an error, in the form's order, takes the focus.
        for (const element of Array.from(form.elements)) {
          const name = (element as HTMLInputElement).name
          if (name && result.errors[name] && element instanceof HTMLElement) {
            element.focus()
            break
          }
        }
        return
      }
      waiting.current = true
      preloadCheckout()
      Promise.all([loadCheck(), latest.current.prepare()]).then(
        ([module, message]) => {
          check.current = module
          waiting.current = false
          if (message) setProblem(message)
          else attempt(form)
        },
        () => {
          waiting.current = false
          setProblem(ENROLMENT_MESSAGES.paymentInitFailed)
        },
      )
    },
    [run],
  )

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (waiting.current) return
      setProblem(null)
      attempt(event.currentTarget)
    },
    [attempt],
  )

  const onInput = useCallback(() => {
    if (checked.current) setChanges((count) => count + 1)
    setProblem(null)
  }, [])
  const clearProblem = useCallback(() => setProblem(null), [])

  const field = (name: Name): FormField => {
    const id = `${options.id}-${name}`
    return {
      id,
      name,
      formId: options.id,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: errors[name]?.length ? errors[name] : undefined,
      required: options.required.includes(name) || undefined,
    }
  }
  const fields = Object.fromEntries(options.names.map((name) => [name, field(name)])) as Record<Name, FormField>

  /** A text field's value in the form now ('' when it is not there). */
  const valueOf = (name: Name): string => {
    const control = formRef.current?.elements.namedItem(name)
    return control && 'value' in control && typeof control.value === 'string' ? control.value : ''
  }

  return {
    formProps: {
      id: options.id,
      ref: formRef,
      noValidate: true,
      onSubmit,
      onInput,
      onFocusCapture: warmUp,
      onPointerDownCapture: warmUp,
      onKeyDownCapture: warmUp,
    },
    fields,
    problem,
    clearProblem,
    warmUp,
    valueOf,
  }
}
