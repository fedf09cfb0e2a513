/**
 * Tested through the built site's API (docs/requirements.md#req-issue-20-certificates): staff
 * take a real sandbox enrolment to `completed` and issue its certificate; the downloaded PDF's text
 * holds the fields and its QR code decodes (tests/helpers/pdf-qr.ts) to the site's
 * /verify/{number}; GET /api/verify answers Valid, the same 404 for a wrong date of birth and an
 * unknown number, then Revoked after the revocation. The pages (/verify, /admin/certificates) have
 * their own specs.
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {decodePdfQrCodes} from '../helpers/pdf-qr'
import {createPsfOrder, loginThroughApi, uniqueTag} from './admin-session'
import {expect, test} from './fixtures'

/** The text of a PDF, read with poppler's pdftotext, white space collapsed. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-certificate-'))
  try {
    const path = join(dir, 'certificate.pdf')
    writeFileSync(path, bytes)
    const result = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {encoding: 'utf8'})
    expect(result.status, result.stderr).toBe(0)
    return result.stdout.replace(/\s+/g, ' ')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

test('staff issue a certificate for a completed enrolment; its PDF and QR code lead to a verification that says Valid, then Revoked', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const token = await loginThroughApi(request)
  const auth = {authorization: `Bearer ${token}`}
  const name = `Cert ${uniqueTag('Holder')}`
  const {orderId} = await createPsfOrder(request, name, `${uniqueTag('cert')}@example.com`, 'paid')

  const body = {orderId, holderName: name, dateOfBirth: '1991-07-04', courseStart: '2026-11-16', courseEnd: '2026-11-17'}
  const early = await request.post('/api/admin/certificates', {headers: auth, data: body})
  expect(early.status()).toBe(409)

  for (const status of ['contacted', 'confirmed', 'completed']) {
    const moved = await request.patch(`/api/admin/enrollments/${orderId}`, {headers: auth, data: {status}})
    expect(moved.status(), await moved.text()).toBe(200)
  }
  expect((await request.post('/api/admin/certificates', {data: body})).status()).toBe(401)
  const issued = await request.post('/api/admin/certificates', {headers: auth, data: body})
  expect(issued.status(), await issued.text()).toBe(201)
  const {certificate} = (await issued.json()) as {certificate: {number: string; status: string; expiresOn: string | null; issuedOn: string}}
  expect(certificate.number).toMatch(/^MTC-PSF-\d{4}-\d{5}$/)
  expect(certificate).toMatchObject({status: 'valid', expiresOn: null})
  expect((await request.post('/api/admin/certificates', {headers: auth, data: body})).status()).toBe(409)

  // The PDF: fields as text, and a QR code that opens this site's verify page.
  const pdf = await request.get(`/api/admin/certificates/${certificate.number}/pdf`, {headers: auth})
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(pdf.headers()['content-disposition']).toContain(`certificate-${certificate.number}.pdf`)
  const bytes = await pdf.body()
  const text = pdfText(bytes)
  for (const field of [
    name,
    'Date of birth: 4 Jul 1991',
    'Passenger Ship Familiarization',
    'Course dates: 16–17 Nov 2026',
    certificate.number,
    'Does not expire',
  ])
    expect(text, field).toContain(field)
  expect(await decodePdfQrCodes(bytes)).toEqual([`${baseURL}/verify/${certificate.number}`])

  // Public verification.
  const query = (number: string, dateOfBirth: string) => `/api/verify?${new URLSearchParams({number, dateOfBirth}).toString()}`
  const valid = await request.get(query(certificate.number, '1991-07-04'))
  expect(valid.status()).toBe(200)
  expect(valid.headers()['x-robots-tag']).toBe('noindex')
  expect(valid.headers()['cache-control']).toContain('no-store')
  expect(await valid.json()).toMatchObject({status: 'valid', number: certificate.number, holderName: name, courseName: 'Passenger Ship Familiarization'})
  const wrong = await request.get(query(certificate.number, '1991-07-05'))
  const unknown = await request.get(query('MTC-PSF-2026-99999', '1991-07-04'))
  expect([wrong.status(), unknown.status()]).toEqual([404, 404])
  expect(await wrong.text()).toBe(await unknown.text())
  expect(await wrong.json()).toEqual({error: 'No certificate matches these details'})

  const revoked = await request.post(`/api/admin/certificates/${certificate.number}/revoke`, {headers: auth, data: {reason: 'Issued in error'}})
  expect(revoked.status(), await revoked.text()).toBe(200)
  expect(await (await request.get(query(certificate.number, '1991-07-04'))).json()).toMatchObject({
    status: 'revoked',
    revokedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  })
})
