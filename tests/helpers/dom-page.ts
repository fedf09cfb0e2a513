/**
 * What the staff pages' component tests share (jsdom): fetch answered per request by a handler
 * (every call recorded with its parsed JSON body), modal dialogs as the browser runs them, a
 * `waitFor` that lets React apply what the answers changed before each try, and ways to find
 * and fill controls by their visible label. The test file undoes the fetch stub with
 * `vi.unstubAllGlobals()` after each test.
 */
import {act, type ReactElement} from 'react'
import {createRoot, type Root} from 'react-dom/client'
import {afterEach, beforeAll, vi} from 'vitest'

export type RecordedCall = {url: string; method: string; headers: Record<string, string>; body: unknown}

/** Answers each request with `handler` and records it. */
export function routeFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>): RecordedCall[] {
  const calls: RecordedCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      })
      return handler(url, init)
    }),
  )
  return calls
}

/** jsdom has no modal dialogs: open and close them as the browser does (close fires 'close'). */
export function emulateDialogs(): void {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
}

/** Retries `check` until it passes, letting React apply what the answers changed before each try. */
export const waitFor = (check: () => unknown) =>
  vi.waitFor(
    async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
      })
      check()
    },
    {timeout: 5000},
  )

/** The first button of `scope` whose text is `name`, or null. */
export const buttonIn = (scope: ParentNode, name: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null

/** The control of `scope` labelled `label` (a <label for>), or null. */
export function fieldIn<T extends HTMLElement>(scope: ParentNode, label: string): T | null {
  const labelElement = [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)
  return labelElement ? (document.getElementById(labelElement.htmlFor) as T | null) : null
}

/** Types `value` into an input or picks it in a select, as React sees it. */
export function setValue(element: HTMLInputElement | HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!.call(element, value)
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', {bubbles: true}))
  })
}

/** The error text a control points at (its aria-describedby's first id). */
export const errorOf = (element: HTMLElement | null) =>
  document.getElementById(element?.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? null

export const click = (element: HTMLElement | null) => act(() => element!.click())

/**
 * A page's component under test: sets React's act environment, and after each test unmounts what
 * `mount` rendered, removes its container and undoes `vi.stubGlobal`. `mount(element)` renders
 * into a fresh container in the document and resolves to that container; `unmount()` takes it away.
 */
export function usePageMount(): {mount: (element: ReactElement) => Promise<HTMLElement>; unmount: () => void} {
  let root: Root | undefined
  let container: HTMLElement | undefined
  beforeAll(() => {
    ;(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true
  })
  const unmount = () => {
    act(() => root?.unmount())
    container?.remove()
    root = undefined
    container = undefined
  }
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
  })
  return {
    unmount,
    mount: async (element) => {
      container = document.createElement('div')
      document.body.append(container)
      const mounted = createRoot(container)
      root = mounted
      await act(async () => mounted.render(element))
      return container
    },
  }
}
