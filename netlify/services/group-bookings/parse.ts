/** Validation of the group bookings' inputs inside the services (the Remix actions hand bodies over as they came). */
import type {z} from 'zod'
import {ServiceError} from '#netlify/platform/errors'
import {fieldErrors} from '#netlify/platform/http'

/** `data` parsed by `schema`, or ServiceError invalid (400) with the first message and every field's messages (`details`, keys like 'company.taxId'). */
export function parseOrRefuse<S extends z.ZodTypeAny>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const details = fieldErrors(result.error)
  const first = result.error.issues[0]
  throw new ServiceError('invalid', first?.message ?? 'Invalid request', {field: first?.path.join('.') || undefined, details})
}
