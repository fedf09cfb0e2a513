/**
 * The privacy section of My training (docs/requirements.md#req-account).
 */

/** Whether an erasure request of `email` is waiting for staff. */
export async function erasureRequested(_email: string): Promise<boolean> {
  return false
}
