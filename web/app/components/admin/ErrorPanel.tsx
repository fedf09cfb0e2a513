/**
 * An admin page's error state (docs/requirements.md#req-admin-list): a title ('Error loading
 * enrollments' on the enrolment list, the spec's) and the message; 'No authentication token
 * found' links to the login, anything else offers to try again.
 */
import {Link} from '@remix-run/react'
import {MESSAGES} from './api'

export function ErrorPanel({message, title = 'Error loading enrollments'}: {message: string; title?: string}) {
  const needsLogin = message === MESSAGES.noToken
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center">
      <h2 className="text-xl font-bold text-red-900">{title}</h2>
      <p className="mt-2 text-red-800">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {needsLogin ? (
          <Link to="/login" className="btn-secondary">
            Go to administrator login
          </Link>
        ) : (
          <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
            Try again
          </button>
        )}
      </div>
    </div>
  )
}
