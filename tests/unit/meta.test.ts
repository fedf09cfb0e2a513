import {describe, expect, it} from 'vitest'
import {companyName, pageMeta} from '~/lib/meta'

const matches = [{id: 'root', data: {settings: {companyName: 'Acme Maritime'}}}, {id: 'routes/about', data: {}}]

describe('pageMeta', () => {
  it('titles a page "<page> | <company>" with its description', () => {
    expect(pageMeta(matches, {title: 'About Us', description: 'Who we are'})).toEqual([
      {title: 'About Us | Acme Maritime'},
      {name: 'description', content: 'Who we are'},
    ])
  })
  it('says "Page not found" when the loader failed', () => {
    expect(pageMeta(matches, null)).toEqual([{title: 'Page not found | Acme Maritime'}])
  })
  it('falls back to a generic company name without site settings', () => {
    expect(companyName([])).toBe('Maritime Training & Certification')
  })
})
