import {describe, expect, it} from 'vitest'
import {getEnv, isProduction, siteOrigin} from '~/lib/env.server'

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
  it('requires SITE_URL in production, naming it (issue 12, finding 11)', () => {
    for (const production of [{APP_ENV: 'production'}, {CONTEXT: 'production'}, {AWS_LAMBDA_FUNCTION_NAME: 'site-fn'}]) {
      expect(() => getEnv(production), JSON.stringify(production)).toThrow(/SITE_URL is required in production/)
      expect(getEnv({...production, SITE_URL: 'https://www.example.com'}).SITE_URL).toBe('https://www.example.com')
    }
    // A deploy preview that opted in to the sandbox is not production.
    expect(() => getEnv({AWS_LAMBDA_FUNCTION_NAME: 'site-fn', PAYMENTS_SANDBOX: 'allowed'})).not.toThrow()
    expect(isProduction({})).toBe(false)
  })
  it('builds absolute URLs from SITE_URL, never from the Host header when it is set', () => {
    const request = new Request('http://evil.example/courses', {headers: {Host: 'evil.example'}})
    expect(siteOrigin(request, getEnv({SITE_URL: 'https://www.example.com'}))).toBe('https://www.example.com')
    // Outside production only, the request's origin stands in.
    expect(siteOrigin(request, getEnv({}))).toBe('http://evil.example')
  })
})
