import {describe, expect, it} from 'vitest'
import {flagUrl} from '~/lib/flags.server'

describe('flagUrl', () => {
  it('finds the SVG flag of an ISO alpha-2 code, case-insensitively', () => {
    expect(flagUrl('ae')).toMatch(/ae\.svg$/)
    expect(flagUrl('IN')).toMatch(/in\.svg$/)
  })
  it('never points to another origin', () => {
    expect(flagUrl('ph')).not.toMatch(/^https?:/)
  })
  it('answers null for an unknown or missing code', () => {
    expect(flagUrl('zz')).toBeNull()
    expect(flagUrl('')).toBeNull()
    expect(flagUrl(null)).toBeNull()
  })
})
