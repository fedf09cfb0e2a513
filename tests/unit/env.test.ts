import {describe, expect, it} from 'vitest'
import {getEnv} from '~/lib/env.server'

describe('getEnv', () => {
  it('defaults to the embedded content and the production dataset', () => {
    const env = getEnv({})
    expect(env.SANITY_PROJECT_ID).toBeUndefined()
    expect(env.SANITY_DATASET).toBe('production')
  })
  it('treats blank variables as unset', () => {
    expect(getEnv({SANITY_PROJECT_ID: ''}).SANITY_PROJECT_ID).toBeUndefined()
  })
  it('refuses an invalid project id, naming the variable', () => {
    expect(() => getEnv({SANITY_PROJECT_ID: 'Not A Project!'})).toThrow(/SANITY_PROJECT_ID/)
  })
  it('strips a trailing slash from SITE_URL', () => {
    expect(getEnv({SITE_URL: 'https://example.com/'}).SITE_URL).toBe('https://example.com')
  })
})
