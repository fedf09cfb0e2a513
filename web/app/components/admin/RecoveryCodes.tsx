/**
 * New recovery codes, shown once (docs/requirements.md#req-staff-accounts): the 10 codes in
 * monospace, "Copy" (to the clipboard) and "Download" (a .txt file), the notice "Keep these codes
 * somewhere safe. Each works once, and they are shown only now." and "I have saved them", which
 * calls `onDone` (the page then forgets the codes). Used by the account page, the invite page and
 * the sign-in's enrol step. `email` names the account in the downloaded file.
 */
import {useId, useState} from 'react'
import {saveBlob} from './api'
import {LINK_MESSAGES, RECOVERY_CODES_FILE_NAME, recoveryCodesFile} from './staff'

export function RecoveryCodes({codes, onDone, email}: {codes: readonly string[]; onDone: () => void; email?: string}) {
  const id = useId()
  const [note, setNote] = useState('')

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setNote('Copied to the clipboard.')
    } catch {
      setNote('The codes could not be copied: select them and copy them yourself.')
    }
  }

  function download() {
    saveBlob(new Blob([recoveryCodesFile(codes, email)], {type: 'text/plain;charset=utf-8'}), RECOVERY_CODES_FILE_NAME)
    setNote(`Saved as ${RECOVERY_CODES_FILE_NAME}.`)
  }

  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <p id={`${id}-notice`} className="text-sm font-medium text-amber-950">
        {LINK_MESSAGES.recoveryNotice}
      </p>
      <ul
        aria-label="Recovery codes"
        aria-describedby={`${id}-notice`}
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1.5 font-mono text-base text-navy-900 sm:max-w-md"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={() => void copy()} className="btn-outline">
          Copy
        </button>
        <button type="button" onClick={download} className="btn-outline">
          Download
        </button>
        <button type="button" onClick={onDone} className="btn-primary">
          I have saved them
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
        {note}
      </p>
    </div>
  )
}
