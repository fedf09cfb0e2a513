/**
 * The /api/* contracts of schemas/contracts/ hold for what the functions really answer
 * ("contracts in one place"): every body below, from the real functions over Netlify's Blobs
 * emulation (sandbox payments), parses with its response schema, strictly (no key beyond the
 * contract, except where the contract says so). The browser clients type their calls with the
 * same schemas (web/app/lib/checkout.ts, upload-client.ts, components/admin/api.ts).
 */
import {describe, expect, it} from 'vitest'
import type {z} from 'zod'
import detail from '#netlify/functions/admin-enrolment'
import list from '#netlify/functions/admin-enrolments'
import login from '#netlify/functions/admin-login'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import chunkFn from '#netlify/functions/enrolment-upload-chunk'
import completeFn from '#netlify/functions/enrolment-upload-complete'
import startFn from '#netlify/functions/enrolment-upload-start'
import sandboxPay from '#netlify/functions/sandbox-pay'
import {testContext} from '../helpers/blobs'
import {AdminLoginResponseSchema, EnrolmentDetailSchema, EnrolmentListSchema, EnrolmentSummarySchema} from '#schemas/contracts/admin'
import {CreateOrderResponseSchema, SandboxFailureSchema, PaymentResultSchema, SaveResponseSchema, type CreateOrderRequest} from '#schemas/contracts/enrolment'
import {ApiErrorSchema} from '#schemas/contracts/errors'
import {AttachmentSchema, ChunkResponseSchema, StartUploadResponseSchema, type StartUploadRequest} from '#schemas/contracts/uploads'
import {callAs, getRequest, loginRequest, useAdminEnv, ADMIN_EMAIL, ADMIN_PASSWORD} from './admin-fixtures'
import {call, jsonRequest, usePaymentsTestEnvironment, validForm} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

/** `body` parsed with `schema`, refusing keys the contract does not name. */
function strictly<S extends z.AnyZodObject>(schema: S, body: unknown): z.infer<S> {
  return schema.strict().parse(body)
}

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

async function upload(): Promise<z.infer<typeof AttachmentSchema>> {
  const start: StartUploadRequest = {fileName: 'passport.pdf', size: pdf.byteLength, contentType: 'application/pdf'}
  const started = await call(startFn, jsonRequest('/api/enroll/upload', start))
  expect(started.status).toBe(201)
  const {uploadId} = strictly(StartUploadResponseSchema, started.body)

  const chunkResponse = await chunkFn(
    new Request(`http://localhost/api/enroll/upload/${uploadId}/0`, {method: 'PUT', headers: {'content-type': 'application/octet-stream'}, body: pdf}),
    testContext({uploadId, index: '0'}),
  )
  expect(chunkResponse.status).toBe(200)
  strictly(ChunkResponseSchema, await chunkResponse.json())

  const completed = await completeFn(new Request(`http://localhost/api/enroll/upload/${uploadId}/complete`, {method: 'POST'}), testContext({uploadId}))
  expect(completed.status).toBe(200)
  return strictly(AttachmentSchema, await completed.json())
}

describe('the /api/* answers match schemas/contracts/', () => {
  it('upload, create-order, sandbox pay, save, and the admin login, list and detail', async () => {
    const attachment = await upload()

    const form: CreateOrderRequest = validForm({
      trainingProgram: 'cadetship-training',
      course: 'deck-cadet',
      amount: 3500,
      attachments: [attachment.uploadId],
    }) as CreateOrderRequest
    const created = await call(createOrder, jsonRequest('/api/enroll/create-order', form))
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const order = strictly(CreateOrderResponseSchema, created.body)
    expect(order).toMatchObject({amount: 350000, mode: 'sandbox'})

    const failed = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id, outcome: 'fail'}))
    strictly(SandboxFailureSchema, failed.body)
    const paid = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    const result = strictly(PaymentResultSchema, paid.body)

    const saved = await call(save, jsonRequest('/api/enroll/save', result))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    strictly(SaveResponseSchema, saved.body)

    const loggedIn = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    const {authToken} = strictly(AdminLoginResponseSchema, loggedIn.body)

    const rows = await callAs(list, getRequest('/api/admin/enrollments?status=all', authToken))
    expect(rows.status).toBe(200)
    const parsed = EnrolmentListSchema.parse(rows.body)
    for (const row of parsed) strictly(EnrolmentSummarySchema, row)
    expect(parsed.find((row) => row.orderId === order.id)).toMatchObject({status: 'paid', attachmentCount: 1})

    const one = await callAs(detail, getRequest(`/api/admin/enrollments/${order.id}`, authToken), {params: {orderId: order.id}})
    expect(one.status).toBe(200)
    // The detail may carry fields beyond the contract (passthrough); the named ones must hold.
    expect(EnrolmentDetailSchema.parse(one.body)).toMatchObject({orderId: order.id, status: 'paid', attachments: [attachment]})
  })

  it('error answers are {error, details?}', async () => {
    const invalid = await call(createOrder, jsonRequest('/api/enroll/create-order', {...validForm(), course: ''}))
    expect(invalid.status).toBe(400)
    expect(strictly(ApiErrorSchema, invalid.body).details).toBeDefined()
    const notJson = await call(createOrder, new Request('http://localhost/api/enroll/create-order', {method: 'POST', body: 'x'}))
    expect(notJson.status).toBe(415)
    expect(strictly(ApiErrorSchema, notJson.body).details).toBeUndefined()
  })
})
