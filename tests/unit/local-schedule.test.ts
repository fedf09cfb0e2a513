/**
 * Scheduled functions run locally as Netlify runs them (netlify/platform/local-schedule.ts,
 * finding 7): Netlify's schedule syntax, UTC times, the POST {next_run} invocation, no overlap,
 * failures logged and never thrown, and the bounded boot repair. Time is vitest's fake clock.
 */
import {readdirSync} from 'node:fs'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {
  invokeScheduled,
  parseSchedule,
  repairIndexAtBoot,
  scheduledFunctions,
  scheduledRequest,
  startLocalSchedules,
  type LoadedFunction,
} from '#netlify/platform/local-schedule'

const silent = () => ({log: vi.fn(), error: vi.fn()})

type Call = {method: string; path: string; userAgent: string | null; event: string | null; body: unknown; at: string}

function recorder(calls: Call[], respond: () => Promise<Response> = async () => new Response(null, {status: 204})) {
  return async (request: Request) => {
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      userAgent: request.headers.get('user-agent'),
      event: request.headers.get('x-nf-event'),
      body: await request.json(),
      at: new Date().toISOString(),
    })
    return respond()
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe("parseSchedule: Netlify's syntax", () => {
  it('accepts five-field cron expressions and the nicknames Netlify supports, in UTC', () => {
    const from = new Date('2026-11-24T10:07:00.000Z')
    expect(parseSchedule('@hourly').nextRun(from)?.toISOString()).toBe('2026-11-24T11:00:00.000Z')
    expect(parseSchedule('@daily').nextRun(from)?.toISOString()).toBe('2026-11-25T00:00:00.000Z')
    expect(parseSchedule('@weekly').nextRun(from)?.toISOString()).toBe('2026-11-29T00:00:00.000Z')
    expect(parseSchedule('@monthly').nextRun(from)?.toISOString()).toBe('2026-12-01T00:00:00.000Z')
    expect(parseSchedule('@yearly').nextRun(from)?.toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(parseSchedule('*/15 * * * *').nextRun(from)?.toISOString()).toBe('2026-11-24T10:15:00.000Z')
    expect(parseSchedule('30 2 * * 1-5').nextRun(from)?.toISOString()).toBe('2026-11-25T02:30:00.000Z')
  })

  it('refuses what Netlify refuses: @reboot, @annually, seconds or years fields, nonsense', () => {
    for (const bad of ['@reboot', '@annually', '@every5m', '0 */5 * * * *', '0 0 1 1 * 2027', '* * *', 'hourly', '61 * * * *']) {
      expect(() => parseSchedule(bad), bad).toThrow(TypeError)
    }
  })
})

describe('scheduledFunctions', () => {
  it('picks the modules with a config.schedule, named as Netlify names them (the file name)', () => {
    const handler = async () => new Response(null)
    const modules: LoadedFunction[] = [
      {file: 'nightly-report.mts', module: {default: handler, config: {schedule: '@daily'}}},
      {file: 'api.ts', module: {default: handler, config: {path: '/api/x'}}},
      {file: 'plain.ts', module: {default: handler}},
    ]
    expect(scheduledFunctions(modules).map(({name, schedule}) => ({name, schedule}))).toEqual([{name: 'nightly-report', schedule: '@daily'}])
    expect(() => scheduledFunctions([{file: 'bad.ts', module: {default: handler, config: {schedule: '@reboot'}}}])).toThrow(/Unsupported schedule/)
  })

  it("finds the project's scheduled functions: enrolment maintenance and upload purge hourly, outbox delivery and seat holds every 5 minutes, payment reconciliation every 15, the backup, certificate reminders and document retention daily", async () => {
    const dir = fileURLToPath(new URL('../../netlify/functions/', import.meta.url))
    const modules = await Promise.all(
      readdirSync(dir)
        .filter((file) => /\.(m?ts|m?js)$/.test(file))
        .map(async (file) => ({file, module: (await import(pathToFileURL(dir + file).href)) as LoadedFunction['module']})),
    )
    const found = scheduledFunctions(modules).map(({name, schedule}) => `${name} ${schedule}`)
    expect(found.sort()).toEqual([
      'backup-daily 0 2 * * *',
      'certificate-reminders 0 4 * * *',
      'document-retention 0 3 * * *',
      'enrolment-maintenance @hourly',
      'outbox-delivery */5 * * * *',
      'payment-reconciliation */15 * * * *',
      'purge-stale-uploads @hourly',
      'seat-holds */5 * * * *',
    ])
  })
})

describe('invoking a scheduled function', () => {
  it('sends what Netlify sends: POST /.netlify/functions/<name>, JSON {next_run}, Netlify Clockwork, x-nf-event: schedule', async () => {
    const request = scheduledRequest('enrolment-maintenance', new Date('2026-11-24T12:00:00.000Z'))
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/.netlify/functions/enrolment-maintenance')
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(request.headers.get('user-agent')).toBe('Netlify Clockwork')
    expect(request.headers.get('x-nf-event')).toBe('schedule')
    expect(await request.json()).toEqual({next_run: '2026-11-24T12:00:00.000Z'})
  })

  it('logs a failure or an error status and never throws', async () => {
    const log = silent()
    const throws = {name: 'boom', schedule: '@hourly', handler: async () => Promise.reject(new Error('kaput'))}
    await expect(invokeScheduled(throws, null, {log})).resolves.toBeNull()
    expect(log.error).toHaveBeenCalledWith('[schedule] boom failed:', expect.any(Error))
    const fails = {name: 'fails', schedule: '@hourly', handler: async () => new Response(null, {status: 500})}
    await expect(invokeScheduled(fails, null, {log})).resolves.toBe(500)
    expect(log.error).toHaveBeenCalledWith('[schedule] fails answered 500')
  })
})

describe('startLocalSchedules', () => {
  it('runs each scheduled function at its times (UTC), with next_run, and stops', async () => {
    vi.useFakeTimers({now: new Date('2026-11-24T10:59:30.000Z')})
    const calls: Call[] = []
    const routed: Call[] = []
    const log = silent()
    const {functions, stop} = startLocalSchedules(
      [
        {file: 'tick.ts', module: {default: recorder(calls), config: {schedule: '@hourly'}}},
        {file: 'api.ts', module: {default: recorder(routed), config: {path: '/api/x'}}},
      ],
      {log},
    )
    expect(functions.map((fn) => fn.name)).toEqual(['tick'])
    expect(log.log).toHaveBeenCalledWith('[schedule] tick (@hourly)')

    await vi.advanceTimersByTimeAsync(29_000)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(2_000)
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/.netlify/functions/tick',
        userAgent: 'Netlify Clockwork',
        event: 'schedule',
        body: {next_run: '2026-11-24T12:00:00.000Z'},
        at: expect.stringMatching(/^2026-11-24T11:00:0/),
      },
    ])
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(calls.map((call) => call.body)).toEqual([{next_run: '2026-11-24T12:00:00.000Z'}, {next_run: '2026-11-24T13:00:00.000Z'}])

    stop()
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000)
    expect(calls).toHaveLength(2)
    expect(routed).toEqual([])
  })

  it('skips a run while the previous one is still going, and carries on after a failure', async () => {
    vi.useFakeTimers({now: new Date('2026-11-24T10:59:59.000Z')})
    const calls: Call[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let runs = 0
    const log = silent()
    const {stop} = startLocalSchedules(
      [
        {
          file: 'slow.ts',
          module: {
            default: recorder(calls, async () => {
              runs++
              if (runs === 1) await held
              if (runs === 2) throw new Error('second run fails')
              return new Response(null, {status: 204})
            }),
            config: {schedule: '@hourly'},
          },
        },
      ],
      {log},
    )
    await vi.advanceTimersByTimeAsync(2_000) // 11:00: first run starts and hangs
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000) // 12:00: skipped, the first is still running
    expect(calls).toHaveLength(1)
    expect(log.log).toHaveBeenCalledWith('[schedule] slow: the previous run is still going; this one is skipped')
    release()
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000) // 13:00: runs, and fails
    expect(calls).toHaveLength(2)
    expect(log.error).toHaveBeenCalledWith('[schedule] slow failed:', expect.any(Error))
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000) // 14:00: runs again
    expect(calls.map((call) => call.at.slice(11, 16))).toEqual(['11:00', '13:00', '14:00'])
    stop()
  })
})

describe('repairIndexAtBoot', () => {
  it('resolves to the counts and logs them when the repair is quick', async () => {
    const log = silent()
    const counts = {checked: 12, repaired: 3, removed: 1}
    await expect(repairIndexAtBoot({repair: async () => counts, log})).resolves.toEqual(counts)
    expect(log.log).toHaveBeenCalledWith(expect.stringMatching(/^\[enrolment-index\] boot repair: checked 12, repaired 3, removed 1 \(\d+ ms\)$/))
  })

  it('never rejects: a failing repair is logged and the server starts', async () => {
    const log = silent()
    const done = vi.fn()
    await expect(repairIndexAtBoot({repair: () => Promise.reject(new Error('blobs down')), log, done})).resolves.toBeNull()
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('boot repair failed'), expect.any(Error))
    expect(done).toHaveBeenCalledWith(expect.objectContaining({message: 'blobs down'}))
  })

  it('waits at most waitMs, then lets the server start while the repair finishes', async () => {
    vi.useFakeTimers()
    const log = silent()
    const done = vi.fn()
    let finish!: () => void
    const slow = () =>
      new Promise<{checked: number; repaired: number; removed: number}>((resolve) => (finish = () => resolve({checked: 5, repaired: 5, removed: 0})))
    const booted = repairIndexAtBoot({repair: slow, log, waitMs: 3000, done})
    await vi.advanceTimersByTimeAsync(2999)
    let settled = false
    void booted.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(booted).resolves.toBeNull()
    expect(log.log).toHaveBeenCalledWith('[enrolment-index] boot repair still running; serving meanwhile')
    expect(done).not.toHaveBeenCalled()
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toHaveBeenCalledWith({checked: 5, repaired: 5, removed: 0})
    expect(log.log).toHaveBeenCalledWith(expect.stringMatching(/boot repair: checked 5, repaired 5, removed 0/))
  })
})
