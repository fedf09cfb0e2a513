/**
 * What a visitor sees on the first frame of each page (docs/requirements.md#req-frame): an init
 * script watches the DOM of every document the test's page loads; whenever the page's first `h1`
 * changes (a document load, a client-side navigation, back or forward), it waits for the next
 * animation frame — run just before the browser paints the new content — and records
 * `window.scrollY` and where the named elements are. A scroll animated after that frame (CSS
 * `scroll-behavior: smooth`) shows here as the old position, the defect this catches.
 */
import {expect, type Page} from '@playwright/test'

/** A box in viewport coordinates (CSS px), or null when the selector matched nothing. */
export type FrameBox = {top: number; bottom: number} | null

/** One page's first frame: its h1, path, scroll offset, the viewport and the fixed header's bottom, and the boxes asked for. */
export type FirstFrame = {heading: string; path: string; scrollY: number; innerHeight: number; headerBottom: number; boxes: Record<string, FrameBox>}

declare global {
  interface Window {
    __firstFrames?: FirstFrame[]
  }
}

/** Starts recording on `page` (before its first `goto`); `boxes` names CSS selectors whose boxes each record keeps. */
export async function recordFirstFrames(page: Page, boxes: Record<string, string> = {}): Promise<void> {
  await page.addInitScript((selectors: Record<string, string>) => {
    const frames: FirstFrame[] = []
    window.__firstFrames = frames
    let current: string | null = null
    const box = (element: Element | null): FrameBox => {
      if (!element) return null
      const rect = element.getBoundingClientRect()
      return {top: rect.top, bottom: rect.bottom}
    }
    const onMutation = () => {
      const heading = document.querySelector('h1')?.textContent?.trim() ?? null
      if (heading === current) return
      current = heading
      if (heading === null) return
      requestAnimationFrame(() => {
        frames.push({
          heading,
          path: location.pathname,
          scrollY: window.scrollY,
          innerHeight: window.innerHeight,
          headerBottom: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
          boxes: Object.fromEntries(Object.entries(selectors).map(([name, selector]) => [name, box(document.querySelector(selector))])),
        })
      })
    }
    new MutationObserver(onMutation).observe(document, {childList: true, subtree: true, characterData: true})
  }, boxes)
}

/** The `nth` (0-based) recorded first frame of a page whose h1 is `heading`, once it has been recorded. */
export async function firstFrame(page: Page, heading: string, nth = 0): Promise<FirstFrame> {
  const handle = await page.waitForFunction(({heading, nth}) => (window.__firstFrames ?? []).filter((frame) => frame.heading === heading)[nth], {heading, nth})
  return (await handle.jsonValue()) as FirstFrame
}

/** Asserts that the named box of `frame` lies wholly in the viewport, below the fixed header. */
export function expectInView(frame: FirstFrame, name: string): void {
  const box = frame.boxes[name]
  expect(box, `${name} on the first frame of ${frame.path}`).not.toBeNull()
  expect(box!.top, `${name}'s top below the header on the first frame`).toBeGreaterThanOrEqual(frame.headerBottom)
  expect(box!.bottom, `${name}'s bottom inside the viewport on the first frame`).toBeLessThanOrEqual(frame.innerHeight)
}
