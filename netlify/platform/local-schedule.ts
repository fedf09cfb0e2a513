/**
 * Scheduled Netlify functions, locally (the architecture: `npm start` runs
 * the scheduled functions on the same schedule as Netlify). web/server.ts calls:
 * - `repairIndexAtBoot()` once before it listens: the enrolment index repair, so a crash of the
 *   previous run (kill -9 between a record write and its index write) is repaired at start. It
 *   waits at most `waitMs` (default 3 s), then serves while the repair finishes; it never
 *   throws, and logs the counts (`[enrolment-index] boot repair: checked …`).
 * - `startLocalSchedules(modules)`: every module of netlify/functions whose `config.schedule`
 *   is set runs on that schedule, with croner, in UTC (as Netlify runs them), invoked the way
 *   Netlify invokes them: a POST to /.netlify/functions/<name> with the JSON body
 *   `{"next_run": "<ISO 8601>"}`, `User-Agent: Netlify Clockwork` and `X-NF-Event: schedule`.
 *   A run still going when its next time comes is skipped (no overlap); a failure is logged,
 *   never thrown.
 *
 * Schedules use Netlify's syntax: a five-field cron expression (minute hour day-of-month month
 * day-of-week) or one of @yearly, @monthly, @weekly, @daily, @hourly. Netlify supports neither
 * @reboot nor @annually, so they are refused here too (parseSchedule throws).
 */
import {Cron} from 'croner'
import type {FunctionModule} from './routes'

/** The nicknames Netlify accepts (RFC extensions except @reboot and @annually). */
export const SCHEDULE_NICKNAMES = ['@yearly', '@monthly', '@weekly', '@daily', '@hourly'] as const

/** A module of netlify/functions as web/server.ts loads it (`file`: its file name). */
export type LoadedFunction = {file: string; module: FunctionModule & {config?: {schedule?: string}}}

/** A scheduled function: its Netlify name (the file name without extension) and schedule. */
export type ScheduledFunction = {name: string; schedule: string; handler: FunctionModule['default']}

/**
 * The croner job of a Netlify schedule, paused (nothing runs): for its next times. Throws a
 * TypeError naming the expression when it is not Netlify's syntax (see the module comment).
 */
export function parseSchedule(expression: string): Cron {
  const trimmed = expression.trim()
  if (trimmed.startsWith('@')) {
    if (!(SCHEDULE_NICKNAMES as readonly string[]).includes(trimmed)) {
      throw new TypeError(`Unsupported schedule "${expression}": Netlify accepts a cron expression or one of ${SCHEDULE_NICKNAMES.join(', ')}`)
    }
  } else if (trimmed.split(/\s+/).length !== 5) {
    throw new TypeError(`Unsupported schedule "${expression}": a cron expression has five fields (minute hour day-of-month month day-of-week)`)
  }
  try {
    return new Cron(trimmed, {timezone: 'Etc/UTC', mode: '5-part', paused: true})
  } catch (error) {
    throw new TypeError(`Invalid schedule "${expression}": ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The scheduled functions among `modules` (those with a `config.schedule`). Throws on an invalid schedule. */
export function scheduledFunctions(modules: readonly LoadedFunction[]): ScheduledFunction[] {
  return modules
    .filter(({module}) => typeof module.config?.schedule === 'string')
    .map(({file, module}) => {
      const schedule = module.config!.schedule!
      parseSchedule(schedule)
      return {name: file.replace(/\.(m?ts|m?js)$/, ''), schedule, handler: module.default}
    })
}

/** The Request Netlify sends a scheduled function: POST, JSON `{next_run}` (null when there is no next run). */
export function scheduledRequest(name: string, nextRun: Date | null, origin = 'http://localhost'): Request {
  return new Request(new URL(`/.netlify/functions/${name}`, origin), {
    method: 'POST',
    headers: {'content-type': 'application/json', 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule'},
    body: JSON.stringify({next_run: nextRun ? nextRun.toISOString() : null}),
  })
}

/** Where the scheduler writes (default: console): `log` for runs and counts, `error` for failures. */
export type Logger = Pick<Console, 'log' | 'error'>

/**
 * Runs one scheduled function once, as Netlify would: resolves to the response status, or null
 * when the function threw (logged with `log.error`; never rejects). `context(request)` gives
 * the Functions context (web/server.ts passes its own).
 */
export async function invokeScheduled(
  fn: ScheduledFunction,
  nextRun: Date | null,
  options: {context?: (request: Request) => unknown; log?: Logger; origin?: string} = {},
): Promise<number | null> {
  const log = options.log ?? console
  const request = scheduledRequest(fn.name, nextRun, options.origin)
  try {
    const response = await fn.handler(request, options.context?.(request) ?? {})
    const status = response instanceof Response ? response.status : 200
    if (status >= 400) log.error(`[schedule] ${fn.name} answered ${status}`)
    return status
  } catch (error) {
    log.error(`[schedule] ${fn.name} failed:`, error)
    return null
  }
}

/**
 * Starts every scheduled function of `modules` on its schedule (UTC). Resolves nothing; returns
 * the running jobs and `stop()` (stops them all; runs in progress finish). Throws at once on
 * an invalid schedule, before anything is started.
 */
export function startLocalSchedules(
  modules: readonly LoadedFunction[],
  options: {context?: (request: Request) => unknown; log?: Logger} = {},
): {functions: ScheduledFunction[]; stop: () => void} {
  const log = options.log ?? console
  const functions = scheduledFunctions(modules)
  const jobs = functions.map((fn) => {
    let running = false
    return new Cron(fn.schedule, {timezone: 'Etc/UTC', mode: '5-part', unref: true}, (job: Cron) => {
      if (running) {
        log.log(`[schedule] ${fn.name}: the previous run is still going; this one is skipped`)
        return
      }
      running = true
      void invokeScheduled(fn, job.nextRun(), {context: options.context, log}).finally(() => {
        running = false
      })
    })
  })
  if (functions.length) log.log(`[schedule] ${functions.map((fn) => `${fn.name} (${fn.schedule})`).join(', ')}`)
  return {functions, stop: () => jobs.forEach((job) => job.stop())}
}

/** What the enrolment index repair reports (the service's counts; this module only logs them). */
export type RepairCounts = {checked: number; repaired: number; removed: number}

/**
 * The enrolment index repair (`repair`, the service's repairEnrolmentIndex) once at boot: waits for it at most `waitMs` (then lets the caller
 * go on while it finishes), never rejects, and logs `[enrolment-index] boot repair: checked C,
 * repaired R, removed D (T ms)` or the failure. Resolves to the counts when the repair ended
 * within the wait, else null (still running, or failed); `done` (when given) receives the
 * counts or the error when it ends.
 */
export async function repairIndexAtBoot<Counts extends RepairCounts>(options: {
  waitMs?: number
  repair: () => Promise<Counts>
  log?: Logger
  done?: (result: Counts | Error) => void
}): Promise<Counts | null> {
  const log = options.log ?? console
  const started = performance.now()
  const repair = options.repair().then(
    (counts) => {
      log.log(
        `[enrolment-index] boot repair: checked ${counts.checked}, repaired ${counts.repaired}, removed ${counts.removed} (${Math.round(performance.now() - started)} ms)`,
      )
      options.done?.(counts)
      return counts
    },
    (error: unknown) => {
      log.error('[enrolment-index] boot repair failed (the site still starts; the hourly repair will retry):', error)
      options.done?.(error instanceof Error ? error : new Error(String(error)))
      return null
    },
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), options.waitMs ?? 3000)
    timer.unref?.()
  })
  const first = await Promise.race([repair, waited])
  clearTimeout(timer)
  if (first === 'waited') {
    log.log('[enrolment-index] boot repair still running; serving meanwhile')
    return null
  }
  return first
}
