/**
 * The administrator's browser session (docs/requirements.md#req-states-admin-session).
 *
 * - The token returned by POST /api/admin is kept in localStorage under 'authToken' (the
 *   spec's storage); the server decides its lifetime (a signed JWT with an expiry).
 * - Logout removes the token and reloads the page.
 * - 15 minutes without mousemove, keydown, click or scroll → the same as Logout.
 * All functions tolerate a browser where storage is unavailable (private modes): no token.
 */
import {useEffect, useRef} from 'react'

export const TOKEN_KEY = 'authToken'
/** Inactivity before the automatic logout (docs/requirements.md#req-constants-admin). */
export const IDLE_LOGOUT_MS = 15 * 60 * 1000
/** The events that count as activity (docs/requirements.md#req-states-admin-session). */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) || null
  } catch {
    return null
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token)
  } catch {
    // Storage unavailable: the session lasts as long as the page.
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY)
  } catch {
    // Nothing stored.
  }
}

/** Logout: remove the token and reload the page (docs/requirements.md#req-states-admin-session). */
export function logout(): void {
  clearToken()
  window.location.reload()
}

/**
 * Calls `onIdle` once after `ms` without activity while `active` is true. Every activity event
 * restarts the countdown. The latest `onIdle` is always used.
 */
export function useIdleTimer(active: boolean, onIdle: () => void, ms: number = IDLE_LOGOUT_MS): void {
  const callback = useRef(onIdle)
  callback.current = onIdle
  useEffect(() => {
    if (!active) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const restart = () => {
      if (timer !== undefined) clearTimeout(timer)
      timer = setTimeout(() => callback.current(), ms)
    }
    restart()
    const options: AddEventListenerOptions = {passive: true, capture: true}
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, restart, options)
    return () => {
      if (timer !== undefined) clearTimeout(timer)
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, restart, options)
    }
  }, [active, ms])
}
