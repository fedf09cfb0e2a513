/**
 * Practice exam attempts stored with an account (docs/requirements.md#req-account).
 */
import type {PortalExamAttempt} from '#schemas/contracts/account'

/** The attempts stored under `email`, newest first. */
export async function examAttemptsOf(_email: string): Promise<PortalExamAttempt[]> {
  return []
}
