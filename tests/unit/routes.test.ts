import {describe, expect, it} from 'vitest'
import {compilePath, createFunctionRouter} from '#netlify/platform/routes'

const fn = (name: string) => ({default: async () => new Response(name)})

describe('function routes (local serving of config.path)', () => {
  it('matches exact paths and named parameters', () => {
    const {pattern, names} = compilePath('/api/enroll/upload/:uploadId/:index')
    expect(names).toEqual(['uploadId', 'index'])
    expect(pattern.exec('/api/enroll/upload/upl_abc/2')?.slice(1)).toEqual(['upl_abc', '2'])
    expect(pattern.test('/api/enroll/upload/upl_abc')).toBe(false)
  })
  it('routes by path and method, first match wins', () => {
    const match = createFunctionRouter([
      {file: 'save.ts', module: {...fn('save'), config: {path: '/api/enroll/save', method: 'POST'}}},
      {file: 'admin.ts', module: {...fn('admin'), config: {path: ['/api/admin', '/api/admin/*']}}},
      {file: 'internal.ts', module: fn('no config')},
    ])
    const found = (method: string, path: string) => {
      const result = match(method, path)
      return result === 'malformed' ? undefined : result
    }
    expect(found('POST', '/api/enroll/save')?.source).toBe('save.ts')
    expect(match('GET', '/api/enroll/save')).toBeNull()
    expect(found('GET', '/api/admin')?.source).toBe('admin.ts')
    expect(found('GET', '/api/admin/enrollments')?.params).toEqual({0: 'enrollments'})
    expect(match('GET', '/api/nothing')).toBeNull()
  })
  it('says "malformed" for a parameter whose percent-encoding does not decode', () => {
    const match = createFunctionRouter([{file: 'chunk.ts', module: {...fn('chunk'), config: {path: '/api/enroll/upload/:uploadId/:index'}}}])
    expect(match('PUT', '/api/enroll/upload/upl_abc/%ZZ')).toBe('malformed')
    expect(match('PUT', '/api/enroll/upload/%E0%A4%A/1')).toBe('malformed')
    expect(match('PUT', '/api/enroll/upload/upl_%41bc/1')).toMatchObject({params: {uploadId: 'upl_Abc', index: '1'}})
  })
})
