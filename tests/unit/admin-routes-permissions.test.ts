/**
 * Every admin page of web/app/routes (the admin layout's children) is in the navigation's table
 * with the permission that shows it (AdminNav's ADMIN_LINKS; null only for "My account"), and
 * the navigation shows each role exactly the pages its permissions allow.
 */
import {readdirSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {can, ROLES} from '#schemas/rules/staff-roles'
import {ADMIN_LINKS} from '~/components/admin/AdminNav'

const pages = readdirSync(new URL('../../web/app/routes/', import.meta.url))
  .filter((file) => /^_admin\.(admin\.[a-z]+|adminEnrollments)\.tsx$/.test(file))
  .map(
    (file) =>
      `/${file
        .replace(/^_admin\./, '')
        .replace(/\.tsx$/, '')
        .replace('.', '/')}`,
  )

describe('admin pages and permissions', () => {
  it('every admin page declares the permission that shows it', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10)
    for (const path of pages) {
      const link = ADMIN_LINKS.find((l) => l.to === path)
      expect(link, `${path} is not in the admin navigation`).toBeDefined()
      if (path !== '/admin/account') expect(link!.permission, path).not.toBeNull()
    }
  })

  it('each role sees the pages it may use', () => {
    const shown = (role: (typeof ROLES)[number]) => ADMIN_LINKS.filter((l) => l.permission === null || can(role, l.permission)).map((l) => l.label)
    expect(shown('owner')).toEqual(ADMIN_LINKS.map((l) => l.label))
    expect(shown('finance')).toEqual(['Enrolments', 'Payments', 'Companies', 'Outbox', 'My account'])
    expect(shown('registrar')).toEqual(['Enrolments', 'Companies', 'Batches', 'Exams', 'Certificates', 'My account'])
    expect(shown('counsellor')).toEqual(['Enrolments', 'Enquiries', 'Batches', 'My account'])
  })
})
