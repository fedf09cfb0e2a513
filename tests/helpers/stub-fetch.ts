/**
 * Replaces the global fetch with one answer (a Response) or a rejection (an Error) for a client
 * test, and returns the mock to read its calls. The test file undoes it with
 * `vi.unstubAllGlobals()` after each test.
 */
import {vi} from 'vitest'

export function stubFetch(answer: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer
    return answer
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
