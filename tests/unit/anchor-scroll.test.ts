// @vitest-environment jsdom
/**
 * Smooth scrolling for in-page anchor links only (web/app/lib/anchor-scroll.ts;
 * docs/requirements.md#req-frame): which links count as in-page, when the root carries the mark
 * that tailwind.css turns into `scroll-behavior: smooth`, and the scroll keys of history entries
 * the browser makes for such links.
 */
import type {Location} from '@remix-run/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {ANCHOR_SCROLL_ATTRIBUTE, ANCHOR_SCROLL_MAX_MS, installAnchorScroll, isInPageAnchor, scrollRestorationKey} from '~/lib/anchor-scroll'

const link = (href: string, attributes: Record<string, string> = {}) => {
  const anchor = document.createElement('a')
  anchor.href = href
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value)
  anchor.textContent = href
  document.body.append(anchor)
  return anchor
}

const here = {origin: 'http://localhost:3000', pathname: '/courses', search: '?level=1'}

describe('isInPageAnchor', () => {
  it('is true for a fragment of this very page', () => {
    expect(isInPageAnchor(link('http://localhost:3000/courses?level=1#courses'), here)).toBe(true)
  })

  it('is false for another page, another query, no fragment, a download or another tab', () => {
    expect(isInPageAnchor(link('http://localhost:3000/contact#form'), here)).toBe(false)
    expect(isInPageAnchor(link('http://localhost:3000/courses#courses'), here)).toBe(false)
    expect(isInPageAnchor(link('http://localhost:3000/courses?level=1'), here)).toBe(false)
    expect(isInPageAnchor(link('http://example.com/courses?level=1#courses'), here)).toBe(false)
    expect(isInPageAnchor(link('http://localhost:3000/courses?level=1#courses', {download: ''}), here)).toBe(false)
    expect(isInPageAnchor(link('http://localhost:3000/courses?level=1#courses', {target: '_blank'}), here)).toBe(false)
  })
})

describe('installAnchorScroll', () => {
  let uninstall: () => void
  const marked = () => document.documentElement.hasAttribute(ANCHOR_SCROLL_ATTRIBUTE)
  // A click whose default (the fragment navigation jsdom cannot scroll) is cancelled after the listeners ran.
  const click = (target: Element, init: MouseEventInit = {}) => {
    target.addEventListener('click', (event) => event.preventDefault(), {once: true})
    target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, button: 0, ...init}))
  }

  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = '<main id="main"><span id="inside">text</span></main>'
    uninstall = installAnchorScroll(document)
  })
  afterEach(() => {
    uninstall()
    vi.useRealTimers()
  })

  it('marks the root for the scroll of an in-page anchor link, also for a click on its content', () => {
    const skip = link('#main')
    skip.innerHTML = '<span>Skip to content</span>'
    click(skip.firstElementChild!)
    expect(marked()).toBe(true)
  })

  it('removes the mark when the scroll ends, at any other click, or after the longest wait', () => {
    click(link('#main'))
    document.dispatchEvent(new Event('scrollend'))
    expect(marked()).toBe(false)

    click(link('#main'))
    click(link('/contact'))
    expect(marked()).toBe(false)

    click(link('#main'))
    click(document.getElementById('inside')!)
    expect(marked()).toBe(false)

    click(link('#main'))
    vi.advanceTimersByTime(ANCHOR_SCROLL_MAX_MS - 1)
    expect(marked()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(marked()).toBe(false)
  })

  it('leaves the root alone for a modified click (another tab) and after uninstalling', () => {
    click(link('#main'), {ctrlKey: true})
    expect(marked()).toBe(false)
    click(link('#main'))
    uninstall()
    expect(marked()).toBe(false)
    click(link('#main'))
    expect(marked()).toBe(false)
  })
})

describe('scrollRestorationKey', () => {
  const location = (key: string): Location => ({pathname: '/about', search: '', hash: key === 'default' ? '#main' : '', state: null, key})

  it("is the entry's own key for entries the site made", () => {
    expect(scrollRestorationKey(location('a1b2c3'))).toBe('a1b2c3')
  })

  it('is a new key each time for entries the browser made for an in-page anchor link, so no stale position is restored', () => {
    const first = scrollRestorationKey(location('default'))
    const second = scrollRestorationKey(location('default'))
    expect(first).not.toBe('default')
    expect(second).not.toBe(first)
  })
})
