/**
 * The clientAction of a page whose form stays on the page when the server cannot be reached
 * (contact, exam results).
 */

/**
 * Runs the route's server action; when it fails (a lost connection, an answer that cannot be
 * read) logs `logMessage` with the error and answers `failure` as JSON with status 503, so the
 * page shows a visible error (with a retry, or what was typed kept), not the error page.
 *
 * Why a 503 Response: only a Response's status reaches the router from a clientAction, and an
 * error status stops Remix from reloading the page's data afterwards (that request would fail
 * the same way and replace the page, and what was typed, with the error page).
 */
export async function serverActionOr503<T>(serverAction: () => Promise<unknown>, failure: T, logMessage: string): Promise<T | Response> {
  try {
    return (await serverAction()) as T
  } catch (error) {
    console.error(logMessage, error)
    return new Response(JSON.stringify(failure), {status: 503, headers: {'Content-Type': 'application/json'}})
  }
}
