/**
 * The fixed-window limiter (netlify/platform/rate-limit.ts) over Netlify's Blobs emulation, with
 * an injected clock: counting, refusal with Retry-After, roll-over into a new window,
 * independence of buckets and keys, hashed storage, and exact counts under concurrency; and
 * the failure budget (reserveAttempt / settleAttempt) the login throttle is built on.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {openStore, STORES} from '#netlify/platform/blobs'
import {checkRateLimit, rateLimitBlobKey, reserveAttempt, settleAttempt, sha256Hex, type AttemptReservation} from '#netlify/platform/rate-limit'
import {startBlobs} from '../helpers/blobs'

let blobs: Awaited<ReturnType<typeof startBlobs>>
beforeAll(async () => {
  blobs = await startBlobs()
})
afterAll(async () => {
  await blobs.stop()
})

const t0 = new Date('2025-05-01T10:00:00.000Z')
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000)

describe('checkRateLimit', () => {
  it('allows `limit` hits in a window, refuses the next ones until the window closes, then starts a new window', async () => {
    const hit = (seconds: number) => checkRateLimit({bucket: 'test', key: '198.51.100.1', limit: 3, windowSeconds: 60, now: at(seconds)})

    expect(await hit(0)).toEqual({allowed: true, remaining: 2, retryAfterSeconds: 0})
    expect(await hit(1)).toEqual({allowed: true, remaining: 1, retryAfterSeconds: 0})
    // The last allowed hit already says how long until the window closes.
    expect(await hit(2)).toEqual({allowed: true, remaining: 0, retryAfterSeconds: 58})
    expect(await hit(10)).toEqual({allowed: false, remaining: 0, retryAfterSeconds: 50})
    expect(await hit(59.5)).toEqual({allowed: false, remaining: 0, retryAfterSeconds: 1})
    // Refused hits did not move the window: it still closes 60 s after the first hit.
    expect(await hit(60)).toEqual({allowed: true, remaining: 2, retryAfterSeconds: 0})
    expect(await hit(61)).toEqual({allowed: true, remaining: 1, retryAfterSeconds: 0})
    // A long pause starts a fresh window too.
    expect(await hit(3600)).toEqual({allowed: true, remaining: 2, retryAfterSeconds: 0})
  })

  it('counts each key and each bucket separately', async () => {
    const hit = (bucket: string, key: string) => checkRateLimit({bucket, key, limit: 1, windowSeconds: 600, now: t0})
    expect((await hit('login', '198.51.100.2')).allowed).toBe(true)
    expect((await hit('login', '198.51.100.2')).allowed).toBe(false)
    expect((await hit('login', '198.51.100.3')).allowed).toBe(true)
    expect((await hit('signup', '198.51.100.2')).allowed).toBe(true)
  })

  it('a hit stamped slightly before the window opened (clock skew) counts in that window', async () => {
    const hit = (seconds: number) => checkRateLimit({bucket: 'skew', key: 'client', limit: 2, windowSeconds: 60, now: at(seconds)})
    expect((await hit(0)).allowed).toBe(true)
    expect(await hit(-0.5)).toEqual({allowed: true, remaining: 0, retryAfterSeconds: 60})
    expect(await hit(-0.2)).toEqual({allowed: false, remaining: 0, retryAfterSeconds: 60})
  })

  it('stores only hashes of the keys', async () => {
    const address = '203.0.113.250'
    await checkRateLimit({bucket: 'privacy', key: address, limit: 5, windowSeconds: 60, now: t0})
    const store = openStore(STORES.rateLimits)
    const {blobs: entries} = await store.list({prefix: 'privacy/'})
    expect(entries.map((entry) => entry.key)).toEqual([rateLimitBlobKey('privacy', address)])
    expect(entries[0]?.key).toBe(`privacy/${sha256Hex(`privacy\n${address}`)}`)
    const stored = await store.get(rateLimitBlobKey('privacy', address), {type: 'text'})
    expect(stored).not.toContain(address)
    expect(JSON.parse(stored ?? '{}')).toEqual({windowStart: t0.getTime(), count: 1})
  })

  // On Netlify the conditional writes make this hold across instances; the local emulation's
  // conditional writes are racy, so here it is the per-key queue of one instance that is tested.
  it('never lets more than `limit` of many simultaneous hits through', async () => {
    const results = await Promise.all(
      Array.from({length: 20}, () => checkRateLimit({bucket: 'burst', key: '198.51.100.9', limit: 5, windowSeconds: 600, now: t0})),
    )
    expect(results.filter((result) => result.allowed)).toHaveLength(5)
    expect(results.filter((result) => !result.allowed).every((result) => result.retryAfterSeconds === 600)).toBe(true)
    const stored = await openStore(STORES.rateLimits).get(rateLimitBlobKey('burst', '198.51.100.9'), {type: 'json'})
    expect(stored).toEqual({windowStart: t0.getTime(), count: 5})
  })

  it('refuses nonsense settings', async () => {
    await expect(checkRateLimit({bucket: 'test', key: 'k', limit: 0, windowSeconds: 60})).rejects.toThrow(/limit/)
    await expect(checkRateLimit({bucket: 'test', key: 'k', limit: 1, windowSeconds: 0})).rejects.toThrow(/window/)
    await expect(checkRateLimit({bucket: 'Not/A bucket', key: 'k', limit: 1, windowSeconds: 60})).rejects.toThrow(/bucket/)
  })
})

describe('reserveAttempt / settleAttempt (failure budget)', () => {
  const reserve = (key: string, seconds: number) => reserveAttempt({bucket: 'budget', key, limit: 2, windowSeconds: 60, now: at(seconds)})
  const reserved = async (key: string, seconds: number): Promise<AttemptReservation> => {
    const result = await reserve(key, seconds)
    if (!result.allowed) throw new Error(`refused at ${seconds}s`)
    return result.reservation
  }
  const stored = (key: string) => openStore(STORES.rateLimits).get(rateLimitBlobKey('budget', key), {type: 'json'})

  it('counts failures, not successes; a success clears failures and the next failure opens a new window', async () => {
    for (let i = 0; i < 5; i++) await settleAttempt(await reserved('ok', i), {failed: false, clear: 'all'}, at(i))
    await settleAttempt(await reserved('ok', 10), {failed: true}, at(10))
    expect(await stored('ok')).toEqual({windowStart: at(10).getTime(), failures: 1, pending: 0})
    expect(await settleAttempt(await reserved('ok', 20), {failed: false, clear: 'all'}, at(20))).toEqual({cleared: 1})
    await settleAttempt(await reserved('ok', 30), {failed: true}, at(30))
    await settleAttempt(await reserved('ok', 31), {failed: true}, at(31))
    expect(await reserve('ok', 40)).toEqual({allowed: false, retryAfterSeconds: 50})
    expect((await reserve('ok', 90)).allowed).toBe(true)
  })

  it('clears at most the failures there are, and an attempt that never settles counts until the window closes', async () => {
    await settleAttempt(await reserved('partial', 0), {failed: true}, at(0))
    expect(await settleAttempt(await reserved('partial', 1), {failed: false, clear: 5}, at(1))).toEqual({cleared: 1})
    await settleAttempt(await reserved('partial', 2), {failed: true}, at(2))
    await reserved('partial', 3) // never settled
    expect(await reserve('partial', 4)).toEqual({allowed: false, retryAfterSeconds: 58})
    expect((await reserve('partial', 62)).allowed).toBe(true)
    expect(await stored('partial')).toEqual({windowStart: at(62).getTime(), failures: 0, pending: 1})
  })

  it("settles into the current window when the reservation's closed meanwhile", async () => {
    const late = await reserved('late', 0)
    expect(await settleAttempt(late, {failed: false, clear: 'all'}, at(61))).toEqual({cleared: 0})
    await settleAttempt(late, {failed: true}, at(62))
    expect(await stored('late')).toEqual({windowStart: at(62).getTime(), failures: 1, pending: 0})
    const next = await reserved('late', 63)
    expect(await settleAttempt(next, {failed: false, clear: 0}, at(64))).toEqual({cleared: 0})
    expect(await stored('late')).toEqual({windowStart: at(62).getTime(), failures: 1, pending: 0})
  })
})
