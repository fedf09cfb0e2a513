import {describe, expect, it} from 'vitest'
import {compilePath, createFunctionRouter} from '../../netlify/lib/routes'

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
    expect(match('POST', '/api/enroll/save')?.source).toBe('save.ts')
    expect(match('GET', '/api/enroll/save')).toBeNull()
    expect(match('GET', '/api/admin')?.source).toBe('admin.ts')
    expect(match('GET', '/api/admin/enrollments')?.params).toEqual({0: 'enrollments'})
    expect(match('GET', '/api/nothing')).toBeNull()
  })
})
