/**
 * The frame of a scheduled function's run (netlify/functions/enrolment-maintenance.ts,
 * outbox-delivery.ts): Netlify invokes it with a POST whose JSON body is `{next_run}`; each step
 * runs even when an earlier one failed, and a failure is logged (`[label] {step} failed:`) and
 * makes the answer 500 instead of 200.
 */

/** `next_run` of Netlify's scheduled invocation (ISO 8601), or null (absent or unreadable body). */
export async function nextRunOf(request: Request): Promise<string | null> {
  const body = (await request.json().catch(() => null)) as {next_run?: unknown} | null
  return typeof body?.next_run === 'string' ? body.next_run : null
}

/** Steps of one run: `run(name, step)` resolves to the step's result, or null when it threw (logged); `failed` tells whether any did. */
export function scheduledSteps(label: string): {run: <T>(name: string, step: () => Promise<T>) => Promise<T | null>; readonly failed: boolean} {
  let failed = false
  return {
    async run<T>(name: string, step: () => Promise<T>): Promise<T | null> {
      try {
        return await step()
      } catch (error) {
        failed = true
        console.error(`[${label}] ${name} failed:`, error)
        return null
      }
    },
    get failed() {
      return failed
    },
  }
}
