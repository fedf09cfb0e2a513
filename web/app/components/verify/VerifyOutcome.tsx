/**
 * What a verify look-up answered, below the form of /verify and /verify/{number}
 * (docs/requirements.md#req-issue-20-verify): the certificate with the holder's full name, or one
 * message in an alert — "No certificate matches these details" (unknown number or wrong date of
 * birth alike), too many look-ups (with the minutes to wait), the register unreachable. The
 * answer's heading (or the alert) takes the focus once it arrives, so keyboard and screen-reader
 * users land on it.
 */
import {useEffect, useRef} from 'react'
import type {VerifyResponse} from '#schemas/contracts/certificates'
import {CertificateAnswer} from './CertificateAnswer'

export type VerifyOutcomeData = {state: 'found'; certificate: VerifyResponse} | {state: 'no-match' | 'too-many' | 'unavailable' | 'error'; message: string}

const TITLES = {
  'no-match': 'No match',
  'too-many': 'Too many look-ups',
  unavailable: 'Please try again',
  error: 'Please try again',
} as const

export function VerifyOutcome({outcome}: {outcome: VerifyOutcomeData | null}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const alert = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!outcome) return
    ;(outcome.state === 'found' ? heading.current : alert.current)?.focus()
  }, [outcome])
  if (!outcome) return null
  if (outcome.state === 'found') {
    const {holderName, ...certificate} = outcome.certificate
    return <CertificateAnswer certificate={{...certificate, name: holderName, masked: false}} headingRef={heading} />
  }
  return (
    <div
      ref={alert}
      tabIndex={-1}
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 focus:outline-none"
      data-testid={`verify-${outcome.state}`}
    >
      <p className="font-semibold">{TITLES[outcome.state]}</p>
      <p className="mt-1">{outcome.message}</p>
    </div>
  )
}
