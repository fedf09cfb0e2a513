/**
 * Focus for a page reached by a client-side navigation (docs/requirements.md#req-frame): the
 * page's heading takes the focus, so a screen reader announces the new page and the next Tab
 * starts there. Only after a push or replace (a link, `navigate()`); not on a fresh load, where the
 * skip link comes first, nor on back and forward. `preventScroll`: the position ScrollRestoration
 * set (the top) stays put. The element needs `tabIndex={-1}`.
 */
import {useNavigationType} from '@remix-run/react'
import {useEffect, type RefObject} from 'react'

export function useFocusOnArrival(ref: RefObject<HTMLElement>): void {
  const navigationType = useNavigationType()
  useEffect(() => {
    if (navigationType === 'POP') return
    ref.current?.focus({preventScroll: true})
  }, [navigationType, ref])
}
