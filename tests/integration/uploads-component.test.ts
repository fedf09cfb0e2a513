// @vitest-environment jsdom
/**
 * <DocumentUpload> in a DOM (jsdom), uploading through the real upload functions over the
 * local Blobs server: skipped files, progress bars, completed uploads reported, removal.
 * (Playwright covers the real browser; here XMLHttpRequest is absent, so the client uses fetch.)
 */
import {File as NodeFile} from 'node:buffer'
import {createElement} from 'react'
import {createRoot, type Root} from 'react-dom/client'
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import * as chunkFn from '#netlify/functions/enrolment-upload-chunk'
import * as completeFn from '#netlify/functions/enrolment-upload-complete'
import * as startFn from '#netlify/functions/enrolment-upload-start'
import {createFunctionRouter, type FunctionModule} from '#netlify/platform/routes'
import {resolveCompletedUploads} from '#netlify/services/uploads/uploads'
import {startBlobs, testContext} from '../helpers/blobs'
import {pdfBytes, pngBytes} from '../unit/uploads-fixtures'
import {DocumentUpload, type UploadedDocument} from '~/components/DocumentUpload'
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'

const route = createFunctionRouter([
  {file: 'start', module: startFn as unknown as FunctionModule},
  {file: 'chunk', module: chunkFn as unknown as FunctionModule},
  {file: 'complete', module: completeFn as unknown as FunctionModule},
])

/**
 * vi.waitFor with a 10 s ceiling instead of 1 s: the uploads go through the real functions and
 * Blobs server, which on a loaded 2-CPU machine (other test files running alongside) can take
 * longer than a second. It still returns as soon as the expectation holds.
 */
const waitFor = <T>(callback: () => T | Promise<T>, options: {timeout?: number; interval?: number} = {}) => vi.waitFor(callback, {timeout: 10_000, ...options})

let blobs: Awaited<ReturnType<typeof startBlobs>>
const realFetch = globalThis.fetch
const realXhr = globalThis.XMLHttpRequest
let gate: Promise<void> | null = null
let failChunks = false

beforeAll(async () => {
  blobs = await startBlobs()
  // @ts-expect-error -- jsdom's XHR cannot reach the functions: make the client use fetch.
  delete globalThis.XMLHttpRequest
  globalThis.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
    const match = url.pathname.startsWith('/api/') ? route(init?.method ?? 'GET', url.pathname) : null
    if (!match || match === 'malformed') return realFetch(input, init)
    if (failChunks && match.params.index !== undefined) return new Response(JSON.stringify({error: 'Storage is unavailable'}), {status: 503})
    if (gate && match.params.index !== undefined) {
      const signal = init?.signal
      await Promise.race([
        gate,
        new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))),
      ])
    }
    return match.module.default(new Request(url, init), testContext(match.params))
  }
})
afterAll(async () => {
  globalThis.fetch = realFetch
  globalThis.XMLHttpRequest = realXhr
  await blobs?.stop()
})

let root: Root | null = null
let container: HTMLDivElement
afterEach(() => {
  root?.unmount()
  root = null
  container?.remove()
  gate = null
  failChunks = false
})

function mount(props: {onChange?: (a: UploadedDocument[]) => void; onBusyChange?: (b: boolean) => void; disabled?: boolean} = {}) {
  const onChange = vi.fn(props.onChange ?? (() => {}))
  const onBusyChange = vi.fn(props.onBusyChange ?? (() => {}))
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  root.render(createElement(DocumentUpload, {onChange, onBusyChange, disabled: props.disabled}))
  return {onChange, onBusyChange}
}

const nodeFile = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new NodeFile([bytes], name, {type}) as unknown as File

/** Drops files on the drop zone (a DragEvent carrying a DataTransfer-like object). */
function drop(files: File[]) {
  const zone = container.querySelector('[data-testid="document-dropzone"]')!
  const event = new Event('drop', {bubbles: true, cancelable: true})
  Object.defineProperty(event, 'dataTransfer', {value: {files, dropEffect: 'copy'}})
  zone.dispatchEvent(event)
}

const buttonNames = () => Array.from(container.querySelectorAll('button')).map((b) => b.textContent)
const progressbars = () => Array.from(container.querySelectorAll('[role="progressbar"]'))

describe('<DocumentUpload>', () => {
  it('renders a keyboard-operable picker: a Browse button and a hidden multi-file input', async () => {
    mount()
    await waitFor(() => expect(container.querySelector('button')).not.toBeNull())
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input.multiple).toBe(true)
    expect(input.accept).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png')
    expect(input.getAttribute('aria-label')).toBe('Choose documents to upload')
    expect(input.className).toContain('sr-only')
    const browse = Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Browse files')!
    const clicked = vi.fn()
    input.addEventListener('click', (e) => {
      e.preventDefault()
      clicked()
    })
    browse.click()
    expect(clicked).toHaveBeenCalled()
  })

  it('uploads accepted files, reports only completed ones, and shows the skipped message', async () => {
    const {onChange, onBusyChange} = mount()
    await waitFor(() => expect(container.querySelector('button')).not.toBeNull())
    let release!: () => void
    gate = new Promise((resolve) => (release = resolve))
    drop([
      nodeFile(pdfBytes(2000), 'passport.pdf', 'application/pdf'),
      nodeFile(new Uint8Array(10), 'virus.exe', 'application/x-msdownload'),
      nodeFile(pngBytes(500), 'photo.png', 'image/png'),
    ])

    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe(ENROLMENT_MESSAGES.filesSkipped))
    expect(container.textContent).toContain('virus.exe: not a PDF, DOC/DOCX, JPG or PNG file')
    await waitFor(() => expect(progressbars()).toHaveLength(2))
    expect(progressbars()[0]!.getAttribute('aria-label')).toBe('Upload progress for passport.pdf')
    expect(progressbars()[0]!.getAttribute('aria-valuenow')).toBe('0')
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true))
    expect(onChange).not.toHaveBeenCalled() // nothing completed yet

    release()
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        expect.objectContaining({fileName: 'passport.pdf', size: 2000}),
        expect.objectContaining({fileName: 'photo.png', size: 500}),
      ]),
    )
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false))
    expect(progressbars().map((p) => p.getAttribute('aria-valuenow'))).toEqual(['100', '100'])
    const attachments = onChange.mock.lastCall![0] as UploadedDocument[]
    expect(Object.keys(attachments[0]!).sort()).toEqual(['fileName', 'size', 'uploadId'])
    expect((await resolveCompletedUploads(attachments.map((a) => a.uploadId))).map((a) => a.contentType)).toEqual(['application/pdf', 'image/png'])

    // Removing one reports the rest.
    const remove = Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Remove passport.pdf')!
    remove.click()
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({fileName: 'photo.png'})]))
    expect(progressbars()).toHaveLength(1)
  })

  it('drops files beyond the fifth with the skipped message', async () => {
    mount()
    await waitFor(() => expect(container.querySelector('button')).not.toBeNull())
    drop(Array.from({length: 6}, (_, i) => nodeFile(pdfBytes(300), `doc-${i + 1}.pdf`, 'application/pdf')))
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe(ENROLMENT_MESSAGES.filesSkipped))
    expect(container.textContent).toContain('doc-6.pdf: more than 5 files')
    expect(progressbars()).toHaveLength(5)
    await waitFor(() => expect(container.querySelectorAll('li[data-status="done"]')).toHaveLength(5))
  })

  it('shows the server error when the content does not match the name, and removal aborts an upload in flight', async () => {
    const {onChange, onBusyChange} = mount()
    await waitFor(() => expect(container.querySelector('button')).not.toBeNull())
    drop([nodeFile(pngBytes(400), 'fake.pdf', 'application/pdf')])
    await waitFor(() => expect(container.querySelector('[data-testid="document-error"]')?.textContent).toMatch(/"fake\.pdf" is not a valid PDF file/))
    expect(container.querySelector('[role="alert"]')).toBeNull()
    expect(buttonNames()).not.toContain('Retry fake.pdf') // a refused file cannot succeed by retrying
    expect(onChange).not.toHaveBeenCalled()

    gate = new Promise(() => {}) // chunks never answer
    drop([nodeFile(pdfBytes(300), 'slow.pdf', 'application/pdf')])
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true))
    Array.from(container.querySelectorAll('button'))
      .find((b) => b.textContent === 'Remove slow.pdf')!
      .click()
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false))
    expect(progressbars().map((p) => p.getAttribute('aria-label'))).toEqual(['Upload progress for fake.pdf'])
    expect(container.querySelector('[role="status"]')?.textContent).toBe('slow.pdf removed.')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('offers Retry after a server failure (after the automatic retry) and then succeeds', async () => {
    const {onChange} = mount()
    await waitFor(() => expect(container.querySelector('button')).not.toBeNull())
    failChunks = true
    drop([nodeFile(pdfBytes(300), 'flaky.pdf', 'application/pdf')])
    await waitFor(() => expect(container.querySelector('[data-testid="document-error"]')?.textContent).toBe('Storage is unavailable'), {timeout: 3000})
    expect(buttonNames()).toContain('Retry flaky.pdf')
    failChunks = false
    Array.from(container.querySelectorAll('button'))
      .find((b) => b.textContent === 'Retry flaky.pdf')!
      .click()
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({fileName: 'flaky.pdf'})]))
    expect(container.querySelector('[data-testid="document-error"]')).toBeNull()
  })

  it('ignores drops while disabled', async () => {
    const {onChange} = mount({disabled: true})
    await waitFor(() => expect(container.querySelector('button')).not.toBeNull())
    expect(container.querySelector<HTMLButtonElement>('button')!.disabled).toBe(true)
    drop([nodeFile(pdfBytes(300), 'a.pdf', 'application/pdf')])
    // Enabled again, the same zone takes the next drop: only that file is ever uploaded.
    root!.render(createElement(DocumentUpload, {onChange, onBusyChange: () => {}, disabled: false}))
    await waitFor(() => expect(container.querySelector<HTMLButtonElement>('button')!.disabled).toBe(false))
    drop([nodeFile(pdfBytes(300), 'b.pdf', 'application/pdf')])
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({fileName: 'b.pdf'})]))
    expect(onChange.mock.calls.flat(2)).not.toContainEqual(expect.objectContaining({fileName: 'a.pdf'}))
  })
})
