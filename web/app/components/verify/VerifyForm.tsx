/**
 * What the two certificate look-up forms share (docs/requirements.md#req-issue-20-verify):
 * /verify (number and date of birth) and /verify/{number} (date of birth alone).
 *
 * - `useVerifyForm(id, schema)`: conform's form over the page's action answer (VerifyActionData,
 *   pages/verify-lookup.server.ts) with the schema of schemas/contracts/forms/verify.ts, checked on submit
 *   and again on input; `formProps` for `<Form>` (its submit also marks the form as tried, so the
 *   error summary appears from the first submit in the browser); `errorSummary(order)`: the
 *   ErrorSummary of the invalid fields in `order`, or null; `busy` while the look-up runs;
 *   `outcome`: the answer to show (found, no match, too many, unavailable), none while busy or
 *   when the fields were invalid.
 * - `DateOfBirthField`: the "Date of birth" date input in its labelled Field.
 */
import {getFormProps, getInputProps, useForm, type FieldMetadata} from '@conform-to/react'
import {getZodConstraint, parseWithZod} from '@conform-to/zod'
import {useActionData, useNavigation} from '@remix-run/react'
import {useState, type FormEvent} from 'react'
import type {z} from 'zod'
import {ErrorSummary} from '~/components/form/ErrorSummary'
import {Field, inputClass} from '~/components/form/Field'
import {VERIFY_LABELS} from '~/components/verify/verify-text'
import type {VerifyActionData} from './verify-data'

type VerifyFieldName = keyof typeof VERIFY_LABELS

export function useVerifyForm<Schema extends z.ZodObject<Partial<Record<VerifyFieldName, z.ZodTypeAny>>>>(id: string, schema: Schema) {
  const actionData = useActionData() as VerifyActionData | undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [tried, setTried] = useState(false)
  const [form, fields] = useForm<z.input<Schema>>({
    id,
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({formData}) => parseWithZod(formData, {schema}),
  })
  const conformProps = getFormProps(form)
  const formProps = {
    ...conformProps,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      setTried(true)
      conformProps.onSubmit(event)
    },
  }
  const showErrors = tried || actionData?.state === 'invalid'

  /** The error summary of the fields in `order` that have an error, or null. */
  const errorSummary = (order: readonly VerifyFieldName[]) => {
    const metadata = fields as unknown as Record<VerifyFieldName, FieldMetadata<string>>
    const invalid = order.filter((name) => metadata[name]?.errors?.length)
    if (!showErrors || invalid.length === 0) return null
    return (
      <ErrorSummary
        id={`${id}-error-summary`}
        className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
        errors={invalid.map((name) => ({fieldId: metadata[name].id, label: VERIFY_LABELS[name], message: metadata[name].errors?.[0] ?? ''}))}
      />
    )
  }

  const outcome = !busy && actionData && actionData.state !== 'invalid' ? actionData : null
  return {fields, formProps, errorSummary, busy, outcome}
}

/** The "Date of birth" date input, labelled, with its hint (if any) and first error. */
export function DateOfBirthField({field, hint, className}: {field: FieldMetadata<string>; hint?: string; className?: string}) {
  return (
    <Field label={VERIFY_LABELS.dateOfBirth} field={field} required hint={hint} className={className}>
      <input
        {...getInputProps(field, {type: 'date', ariaDescribedBy: hint ? field.descriptionId : undefined})}
        key={field.key}
        autoComplete="off"
        className={inputClass(field.errors)}
      />
    </Field>
  )
}
