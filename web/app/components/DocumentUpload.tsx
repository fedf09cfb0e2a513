/**
 * Cadetship document upload area (docs/requirements.md#req-payment, #req-validation-upload): drag-and-drop or browse, PDF, DOC/DOCX,
 * JPG or PNG, 10MB each, 5 files in total, individual removal. Rejected files (type, size, or
 * beyond the fifth) show the spec's message in an alert.
 *
 * Each accepted file is uploaded at once, in chunks (web/app/lib/upload-client.ts), with its own
 * progress bar. `onChange` receives the completed uploads only (what the order may attach);
 * `onBusyChange` is true while any upload is in flight. Removing a file aborts its upload.
 */
import {useCallback, useEffect, useId, useRef, useState, type DragEvent} from 'react'
import {Icon} from '~/components/Icons'
import {
  ALLOWED_TYPES_TEXT,
  DOCUMENT_ACCEPT,
  FILES_SKIPPED_MESSAGE,
  MAX_DOCUMENT_MB,
  MAX_DOCUMENTS,
  checkFiles,
  formatFileSize,
  type SkipReason,
} from '#schemas/rules/documents'
import {uploadFile, UploadError} from '~/lib/upload-client'
import type {Attachment} from '#schemas/contracts/uploads'

/** What the form keeps of each completed upload (schemas/contracts/uploads.ts Attachment): its id, name and size. */
export type UploadedDocument = Pick<Attachment, 'uploadId' | 'fileName' | 'size'>

export type DocumentUploadProps = {
  onChange: (attachments: UploadedDocument[]) => void
  onBusyChange?: (busy: boolean) => void
  disabled?: boolean
}

type Item = {
  id: string
  file: File
  status: 'uploading' | 'done' | 'error'
  loaded: number
  error?: string
  /** Whether trying again could help (a network or server failure, not a refused file). */
  canRetry?: boolean
  attachment?: UploadedDocument
}

const SKIP_REASONS: Record<SkipReason, string> = {
  type: `not a ${ALLOWED_TYPES_TEXT} file`,
  size: `larger than ${MAX_DOCUMENT_MB}MB`,
  empty: 'empty',
  limit: `more than ${MAX_DOCUMENTS} files`,
}

let nextItemId = 0

export function DocumentUpload({onChange, onBusyChange, disabled = false}: DocumentUploadProps) {
  const baseId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const browseRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const [items, setItems] = useState<Item[]>([])
  // The current list, updated synchronously so that two quick selections count each other.
  const itemsRef = useRef<Item[]>([])
  const controllers = useRef(new Map<string, AbortController>())
  const [skipped, setSkipped] = useState<{key: number; files: Array<{name: string; reason: SkipReason}>} | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [dragActive, setDragActive] = useState(false)

  const update = useCallback((change: (items: Item[]) => Item[]) => {
    itemsRef.current = change(itemsRef.current)
    setItems(itemsRef.current)
  }, [])
  const patch = useCallback(
    (id: string, values: Partial<Item>) => update((list) => list.map((item) => (item.id === id ? {...item, ...values} : item))),
    [update],
  )

  const start = useCallback(
    (item: Item) => {
      const controller = new AbortController()
      controllers.current.set(item.id, controller)
      patch(item.id, {status: 'uploading', loaded: 0, error: undefined})
      uploadFile(item.file, {signal: controller.signal, onProgress: ({loaded}) => patch(item.id, {loaded})})
        .then((done) => {
          patch(item.id, {status: 'done', loaded: item.file.size, attachment: {uploadId: done.uploadId, fileName: done.fileName, size: done.size}})
          setAnnouncement(`${item.file.name} uploaded.`)
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted || (error instanceof UploadError && error.aborted)) return
          const message = error instanceof UploadError ? error.message : 'The upload failed. Please try again.'
          patch(item.id, {status: 'error', error: message, canRetry: error instanceof UploadError ? error.retryable : true})
          setAnnouncement(`${item.file.name} could not be uploaded: ${message}`)
        })
        .finally(() => {
          if (controllers.current.get(item.id) === controller) controllers.current.delete(item.id)
        })
    },
    [patch],
  )

  const addFiles = useCallback(
    (list: FileList | File[] | null) => {
      if (disabled || !list) return
      const {accepted, skipped: rejected} = checkFiles(Array.from(list), itemsRef.current.length)
      setSkipped(rejected.length > 0 ? {key: Date.now(), files: rejected.map(({file, reason}) => ({name: file.name, reason}))} : null)
      const added = accepted.map<Item>((file) => ({id: `doc-${++nextItemId}`, file, status: 'uploading', loaded: 0}))
      if (added.length === 0) return
      update((current) => [...current, ...added])
      for (const item of added) start(item)
    },
    [disabled, start, update],
  )

  function remove(id: string) {
    const index = itemsRef.current.findIndex((item) => item.id === id)
    const removed = itemsRef.current[index]
    controllers.current.get(id)?.abort()
    controllers.current.delete(id)
    update((current) => current.filter((item) => item.id !== id))
    if (removed) setAnnouncement(`${removed.file.name} removed.`)
    // Keep the keyboard where it was: the next file's Remove button, else the Browse button.
    window.setTimeout(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]')
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)]
      ;(next ?? browseRef.current)?.focus()
    }, 0)
  }

  function retry(id: string) {
    const item = itemsRef.current.find((i) => i.id === id)
    if (item && item.status === 'error') start(item)
  }

  // Report completed uploads and the busy state to the form, only when they change.
  const completed = items.flatMap((item) => (item.status === 'done' && item.attachment ? [item.attachment] : []))
  const completedKey = completed.map((a) => a.uploadId).join(',')
  const busy = items.some((item) => item.status === 'uploading')
  const onChangeRef = useRef(onChange)
  const onBusyRef = useRef(onBusyChange)
  onChangeRef.current = onChange
  onBusyRef.current = onBusyChange
  const reported = useRef({key: '', busy: false})
  useEffect(() => {
    if (reported.current.key === completedKey) return
    reported.current.key = completedKey
    onChangeRef.current(completed)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [completedKey])
  useEffect(() => {
    if (reported.current.busy === busy) return
    reported.current.busy = busy
    onBusyRef.current?.(busy)
  }, [busy])

  // Leaving the page (or the program): cancel uploads in flight and detach everything.
  useEffect(() => {
    const inFlight = controllers.current
    const state = reported.current
    return () => {
      for (const controller of inFlight.values()) controller.abort()
      inFlight.clear()
      if (state.key) onChangeRef.current([])
      if (state.busy) onBusyRef.current?.(false)
      state.key = ''
      state.busy = false
    }
  }, [])

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy'
    if (!disabled) setDragActive(true)
  }
  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragActive(false)
  }
  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragActive(false)
    addFiles(event.dataTransfer.files)
  }

  const hintId = `${baseId}-hint`
  const inputId = `${baseId}-input`

  return (
    <div className="space-y-4">
      {/* A pointer shortcut to the file picker; keyboard users have the labelled file input inside. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        onClick={(event) => {
          if (!disabled && event.target === event.currentTarget) inputRef.current?.click()
        }}
        data-testid="document-dropzone"
        data-drag-active={dragActive || undefined}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:px-6 ${
          disabled
            ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70'
            : dragActive
              ? 'border-ocean-500 bg-ocean-100'
              : 'cursor-pointer border-slate-300 bg-ocean-50/60 hover:border-ocean-500'
        }`}
      >
        <Icon width={36} height={36} strokeWidth={1.75} className="pointer-events-none text-ocean-600">
          <path d="M12 16V4M7 9l5-5 5 5" />
          <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
        </Icon>
        <p className="pointer-events-none font-medium text-navy-900">
          <span className="hidden sm:inline">Drag and drop your documents here, or</span>
          <span className="sm:hidden">Add your documents</span>
        </p>
        <button
          ref={browseRef}
          type="button"
          className="btn-outline bg-white disabled:cursor-not-allowed disabled:opacity-60"
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          aria-describedby={hintId}
        >
          Browse files
        </button>
        <p id={hintId} className="pointer-events-none text-xs text-slate-600">
          {ALLOWED_TYPES_TEXT} · max {MAX_DOCUMENT_MB}MB each · up to {MAX_DOCUMENTS} files
          {items.length > 0 ? ` · ${items.length} of ${MAX_DOCUMENTS} added` : ''}
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose documents to upload"
          disabled={disabled}
          onChange={(event) => {
            addFiles(event.currentTarget.files)
            event.currentTarget.value = ''
          }}
        />
      </div>

      {skipped ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="documents-skipped">
          <p key={skipped.key} role="alert" className="font-medium">
            {FILES_SKIPPED_MESSAGE}
          </p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-amber-900">
            {skipped.files.map((file, i) => (
              <li key={`${file.name}-${i}`}>
                <span className="break-all">{file.name}</span>: {SKIP_REASONS[file.reason]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {items.length > 0 ? (
        <ul ref={listRef} className="space-y-3" aria-label="Selected documents">
          {items.map((item) => {
            const percent = item.status === 'done' ? 100 : item.file.size > 0 ? Math.floor((item.loaded / item.file.size) * 100) : 0
            const verifying = item.status === 'uploading' && percent >= 100
            const statusText =
              item.status === 'done' ? 'Uploaded' : item.status === 'error' ? 'Upload failed' : verifying ? 'Checking…' : `Uploading… ${percent}%`
            return (
              <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-status={item.status}>
                <div className="flex items-start gap-3">
                  <Icon width={24} height={24} strokeWidth={1.75} className="mt-0.5 shrink-0 text-navy-700">
                    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
                    <path d="M14 3v5h5" />
                  </Icon>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-navy-900" title={item.file.name}>
                      {item.file.name}
                    </p>
                    <p className="text-xs text-slate-600">
                      {formatFileSize(item.file.size)} ·{' '}
                      <span className={item.status === 'done' ? 'text-emerald-700' : item.status === 'error' ? 'text-red-700' : ''}>{statusText}</span>
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap justify-end gap-2">
                    {item.status === 'error' && item.canRetry ? (
                      <button type="button" className="btn-outline min-h-9 px-3 py-1.5" onClick={() => retry(item.id)} disabled={disabled}>
                        Retry<span className="sr-only"> {item.file.name}</span>
                      </button>
                    ) : null}
                    <button
                      type="button"
                      data-remove
                      className="inline-flex min-h-9 items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60"
                      onClick={() => remove(item.id)}
                      disabled={disabled}
                    >
                      Remove<span className="sr-only"> {item.file.name}</span>
                    </button>
                  </div>
                </div>
                <div
                  role="progressbar"
                  aria-label={`Upload progress for ${item.file.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={`${percent}% ${item.status === 'done' ? 'uploaded' : item.status === 'error' ? 'failed' : 'uploaded so far'}`}
                  className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className={`h-full rounded-full transition-[width] duration-200 ${item.status === 'done' ? 'bg-emerald-600' : item.status === 'error' ? 'bg-red-600' : 'bg-ocean-500'}`}
                    style={{width: `${percent}%`}}
                  />
                </div>
                {item.status === 'error' && item.error ? (
                  <p className="mt-2 text-sm text-red-700" data-testid="document-error">
                    {item.error}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}

      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
    </div>
  )
}
