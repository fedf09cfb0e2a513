import {describe, expect, it} from 'vitest'
import {hashPassword, parsePasswordHash, safeEqual, verifyPassword} from '#netlify/platform/password'

const FAST = {N: 1024, r: 8, p: 1}

describe('admin password hashes (scrypt)', () => {
  it('round-trips: the right password verifies, a wrong one does not', async () => {
    const hash = await hashPassword('correct horse battery staple', FAST)
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/)
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashPassword('same', FAST)).not.toBe(await hashPassword('same', FAST))
  })

  it('uses the default parameters (N=2^15) when none are given', async () => {
    const hash = await hashPassword('pw')
    expect(parsePasswordHash(hash)).toMatchObject({N: 32768, r: 8, p: 1})
    expect(await verifyPassword('pw', hash)).toBe(true)
  })

  it('refuses malformed or unbounded hashes', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$1024$8$1$c2FsdHNhbHQ=',
      'bcrypt$1024$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
      'scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
      'scrypt$4194304$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
    ]) {
      expect(parsePasswordHash(bad), bad).toBeNull()
      expect(await verifyPassword('x', bad)).toBe(false)
    }
  })

  it('safeEqual compares any lengths', () => {
    expect(safeEqual('a', 'a')).toBe(true)
    expect(safeEqual('a', 'ab')).toBe(false)
  })
})
