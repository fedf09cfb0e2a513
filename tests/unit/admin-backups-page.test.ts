// @vitest-environment jsdom
/**
 * The owner's backups page (~/components/admin/BackupsDashboard, docs/requirements.md#req-backup-status)
 * rendered in a DOM with fetch answered per request: the last backup (time in UTC, size in MB,
 * duration, result, the error of a failed one), the archives' table, the empty and error states;
 * "Back up now" POSTs, shows that a backup runs and asks again until `running` is false, then says
 * it finished; a 409 says one was already running and follows it; a 401 signs out. And the words:
 * sizes, durations, times. The enrolment detail's "Documents deleted on {date}" is here too
 * (docs/requirements.md#req-document-retention).
 */
import {createElement} from 'react'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import type {BackupStatus} from '#schemas/contracts/backup'
import type {EnrolmentDetail, EnrolmentSummary} from '#schemas/contracts/admin'
import {formatDateTime} from '#schemas/rules/format'
import {BackupsDashboard} from '~/components/admin/BackupsDashboard'
import {EnrolmentDetailDialog} from '~/components/admin/EnrolmentDetailDialog'
import {BACKUP_MESSAGES, backupSizeText, backupTimeText, durationText} from '~/components/admin/backups'
import {buttonIn, click, emulateDialogs, routeFetch, usePageMount, waitFor} from '../helpers/dom-page'

beforeAll(() => emulateDialogs())

const page = usePageMount()
let container: HTMLElement

const STATUS: BackupStatus = {
  last: {at: '2026-11-27T02:00:00.000Z', bytes: 52_428_800, durationMs: 83_000, result: 'succeeded', name: 'backup-2026-11-27T020000Z.tar.gz.enc'},
  archives: [
    {name: 'backup-2026-11-27T020000Z.tar.gz.enc', at: '2026-11-27T02:00:00.000Z', bytes: 52_428_800},
    {name: 'backup-2026-11-26T020000Z.tar.gz.enc', at: '2026-11-26T02:00:00.000Z', bytes: 51_380_224},
  ],
  running: false,
  lastSucceededAt: '2026-11-27T02:00:00.000Z',
  warning: null,
}

async function render(onUnauthorized = vi.fn()) {
  container = await page.mount(createElement(BackupsDashboard, {token: 't0ken', onUnauthorized, pollMs: 5}))
  return onUnauthorized
}
const text = () => container.textContent ?? ''

describe('BackupsDashboard', () => {
  it('shows the last backup and the archives kept', async () => {
    const calls = routeFetch(() => Response.json(STATUS))
    await render()
    await waitFor(() => expect(text()).toContain('Archives kept'))
    expect(calls[0]).toMatchObject({url: '/api/admin/backups', method: 'GET', headers: {Authorization: 'Bearer t0ken'}})
    const facts = [...container.querySelectorAll('dl > div')].map((div) => `${div.querySelector('dt')?.textContent}: ${div.querySelector('dd')?.textContent}`)
    expect(facts).toEqual(['Time: 2026-11-27 02:00 UTC', 'Size: 50.0 MB', 'Duration: 1 min 23 s', 'Result: Succeeded'])
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Archive', 'Made (UTC)', 'Size'])
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows).toEqual([
      ['backup-2026-11-27T020000Z.tar.gz.enc', '2026-11-27 02:00 UTC', '50.0 MB'],
      ['backup-2026-11-26T020000Z.tar.gz.enc', '2026-11-26 02:00 UTC', '49.0 MB'],
    ])
    expect(container.querySelector('[role="region"]')?.getAttribute('tabindex')).toBe('0')
  })

  it('shows a failed backup with its error and the last success; none yet, and no archives', async () => {
    routeFetch(() =>
      Response.json({
        ...STATUS,
        last: {at: '2026-11-28T02:00:00.000Z', bytes: 0, durationMs: 1200, result: 'failed', error: 'The target could not be reached'},
      }),
    )
    await render()
    await waitFor(() => expect(text()).toContain('Failed'))
    expect(text()).toContain('Error')
    expect(text()).toContain('The target could not be reached')
    expect(text()).toContain('Last successful backup: 2026-11-27 02:00 UTC')
    page.unmount()

    routeFetch(() => Response.json({...STATUS, last: null, archives: [], lastSucceededAt: null}))
    await render()
    await waitFor(() => expect(text()).toContain(BACKUP_MESSAGES.never))
    expect(text()).toContain(BACKUP_MESSAGES.noArchives)
    expect(text()).toContain('Last successful backup: none')
  })

  it('shows the load error, and signs out on 401', async () => {
    routeFetch(() => new Response('boom', {status: 500}))
    await render()
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain(BACKUP_MESSAGES.loadFailed))
    expect(text()).toContain('Error loading the backups')
    page.unmount()

    routeFetch(() => Response.json({error: 'Forbidden: your role cannot manage backups'}, {status: 403}))
    await render()
    await waitFor(() => expect(text()).toContain('Forbidden: your role cannot manage backups'))
    page.unmount()

    routeFetch(() => Response.json({error: 'No'}, {status: 401}))
    const onUnauthorized = await render()
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled())
  })

  it('"Back up now" starts a backup, shows it running and asks again until it has finished', async () => {
    let gets = 0
    const finished: BackupStatus = {
      ...STATUS,
      last: {at: '2026-11-27T10:00:00.000Z', bytes: 53_477_376, durationMs: 4200, result: 'succeeded'},
      archives: [{name: 'backup-2026-11-27T100000Z.tar.gz.enc', at: '2026-11-27T10:00:00.000Z', bytes: 53_477_376}, ...STATUS.archives],
      lastSucceededAt: '2026-11-27T10:00:00.000Z',
    }
    const calls = routeFetch((_url, init) => {
      if (init.method === 'POST') return Response.json({started: true, at: '2026-11-27T10:00:00.000Z'}, {status: 202})
      gets++
      return Response.json(gets === 1 ? STATUS : gets < 4 ? {...STATUS, running: true} : finished)
    })
    await render()
    await waitFor(() => expect(text()).toContain('Archives kept'))
    const button = buttonIn(container, 'Back up now')!
    click(button)
    await waitFor(() => expect(text()).toContain(BACKUP_MESSAGES.running))
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({url: '/api/admin/backups', headers: {Authorization: 'Bearer t0ken'}})
    expect(button.getAttribute('aria-disabled')).toBe('true')
    click(button)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)

    await waitFor(() => expect(text()).toContain('The backup has finished. Result: Succeeded.'))
    expect(gets).toBe(4)
    expect(text()).not.toContain(BACKUP_MESSAGES.running)
    expect(text()).toContain('backup-2026-11-27T100000Z.tar.gz.enc')
    expect(text()).toContain('Duration4.2 s')
    expect(button.getAttribute('aria-disabled')).toBe('false')
  })

  it('a 409 says a backup is already running and follows it', async () => {
    let gets = 0
    routeFetch((_url, init) => {
      if (init.method === 'POST') return Response.json({error: 'A backup is already running'}, {status: 409})
      gets++
      return Response.json(gets < 3 ? {...STATUS, running: gets === 2} : STATUS)
    })
    await render()
    await waitFor(() => expect(text()).toContain('Archives kept'))
    click(buttonIn(container, 'Back up now'))
    await waitFor(() => expect(text()).toContain(BACKUP_MESSAGES.alreadyRunning))
    await waitFor(() => expect(text()).toContain('The backup has finished.'))
  })

  it('shows why a start failed', async () => {
    routeFetch((_url, init) => (init.method === 'POST' ? new Response('', {status: 503}) : Response.json(STATUS)))
    await render()
    await waitFor(() => expect(text()).toContain('Archives kept'))
    click(buttonIn(container, 'Back up now'))
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe(BACKUP_MESSAGES.startFailed))
  })
})

describe('the words of the backups page', () => {
  it('sizes in MB, durations, times in UTC', () => {
    expect(backupSizeText(0)).toBe('0 MB')
    expect(backupSizeText(1000)).toBe('< 0.1 MB')
    expect(backupSizeText(1_572_864)).toBe('1.5 MB')
    expect(backupSizeText(3 * 1024 ** 3)).toBe('3.0 GB')
    expect(durationText(850)).toBe('850 ms')
    expect(durationText(4200)).toBe('4.2 s')
    expect(durationText(125_000)).toBe('2 min 5 s')
    expect(durationText(3_780_000)).toBe('1 h 3 min')
    expect(backupTimeText('2026-11-27T02:00:59.000Z')).toBe('2026-11-27 02:00 UTC')
    expect(backupTimeText('nonsense')).toBe('—')
  })
})

describe('the enrolment detail after document retention', () => {
  const summary = {orderId: 'order_sandbox_AAAAAAAAAAAAAA', name: 'Test Person', status: 'completed'} as EnrolmentSummary
  const detail = (over: Partial<EnrolmentDetail> = {}) =>
    ({
      ...summary,
      receipt: 'enr_1',
      email: 'a@example.com',
      mobile: '+1',
      trainingProgram: 'cadetship-training',
      trainingProgramName: 'Cadetship Training',
      course: 'deck-cadet',
      courseName: 'Deck Cadet',
      country: '',
      countryName: '',
      amount: 3500,
      amountMinor: 350000,
      currency: 'USD',
      attachments: [{uploadId: 'upl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', fileName: 'passport.pdf', contentType: 'application/pdf', size: 2048}],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-08-01T00:00:00.000Z',
      mode: 'sandbox',
      history: [],
      refunds: [],
      ...over,
    }) as EnrolmentDetail

  async function open(answer: EnrolmentDetail) {
    routeFetch((url) => (url.endsWith(summary.orderId) ? Response.json(answer) : Response.json({error: 'Not found'}, {status: 404})))
    container = await page.mount(createElement(EnrolmentDetailDialog, {record: summary, token: 't0ken', onClose: vi.fn(), onUnauthorized: vi.fn()}))
  }

  it('shows "Documents deleted on {date}" instead of the download buttons once deleted', async () => {
    await open(detail({documentsDeletedAt: '2026-07-30T03:00:00.000Z'}))
    await waitFor(() => expect(document.body.textContent).toContain(`Documents deleted on ${formatDateTime('2026-07-30T03:00:00.000Z')}`))
    expect(buttonIn(document.body, 'Download passport.pdf')).toBeNull()
  })

  it('offers the downloads while the documents are kept', async () => {
    await open(detail())
    await waitFor(() => expect(buttonIn(document.body, 'Download passport.pdf')).not.toBeNull())
    expect(document.body.textContent).not.toContain('Documents deleted on')
  })
})
