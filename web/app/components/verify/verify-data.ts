/** What the /verify actions answer: the browser's form renders each state. */
import type {SubmissionResult} from '@conform-to/react'
import type {VerifyResponse} from '#schemas/contracts/certificates'

/** What the verify action answers (also the clientAction's 503 when the server cannot be reached). */
export type VerifyActionData =
  | {state: 'found'; certificate: VerifyResponse; result: SubmissionResult<string[]>}
  | {state: 'invalid'; result: SubmissionResult<string[]>}
  | {state: 'no-match' | 'too-many' | 'unavailable' | 'error'; message: string; result?: SubmissionResult<string[]>}
