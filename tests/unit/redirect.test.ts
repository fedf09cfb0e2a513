/** The one redirect rule (web/app/lib/redirect.ts). */
import {describe, expect, it} from 'vitest'
import {safeRedirectPath} from '~/lib/redirect'

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/about?x=1#top')).toBe('/about?x=1#top')
    expect(safeRedirectPath('/courses/stcw-courses')).toBe('/courses/stcw-courses')
  })
  it('sends everything else home', () => {
    for (const value of [
      undefined,
      null,
      '',
      'about',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example/',
      '/\t/evil.example',
      '/\n/x',
      '/\r/x',
      '/a/..//evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
      '/\u0000',
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe('/')
    }
  })
  it('never returns something a browser would read as another host', () => {
    for (const value of ['/%2F/evil.example', '/%09/evil.example', '///evil.example', '/..//..//evil.example']) {
      const path = safeRedirectPath(value)
      expect(new URL(path, 'https://site.example').origin, value).toBe('https://site.example')
      expect(path.startsWith('//')).toBe(false)
    }
  })
})

describe('control characters (schemas/rules/text.ts)', () => {
  it('finds and removes C0 controls and DEL only', async () => {
    const {hasControlCharacter, withoutControlCharacters} = await import('#schemas/rules/text')
    for (const text of ['a\tb', '\n', '\r', '\u0000', '\u001f', '\u007f']) expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true)
    for (const text of ['', 'plain', 'ü', ' ', '\u0080', '/about?x=1']) expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false)
    expect(withoutControlCharacters('a\tb\u007fc\nd')).toBe('abcd')
  })
})
