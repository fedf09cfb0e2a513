/**
 * The error answer of every /api/* call (netlify/platform/http.ts errorResponse, and the request edge's
 * refusals under /api/: web/app/lib/request-guard.server.ts): `{error: message}`, with
 * `details: {field: [messages]}` for a body that fails its schema (400). The browser clients read
 * `error` to show the server's reason (web/app/lib/checkout.ts, upload-client.ts, the admin api).
 */
import {z} from 'zod'

/** `{error: message, details?: {field: [messages]}}`: what every failed /api/* call answers. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  details: z.record(z.array(z.string()).optional()).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>
