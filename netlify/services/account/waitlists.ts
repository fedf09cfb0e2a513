/**
 * The waitlists section of My training (docs/requirements.md#req-account).
 */
import type {PortalWaitlist} from '#schemas/contracts/account'

/** The batches `email` waits for, with the place in line. */
export async function waitlistsOf(_email: string): Promise<PortalWaitlist[]> {
  return []
}
