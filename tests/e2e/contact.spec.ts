/**
 * The contact page (docs/requirements.md#req-contact, #req-validation-contact, #req-errors): the form with its subject list, validation
 * in the browser, the thank-you message that clears the form, visible failures, the
 * contact details, and the same form working without JavaScript.
 *
 * Submissions that reach the server count against the per-client limit (5 per 10 minutes,
 * and every request here comes from one address): this file sends 2 per run, and each run
 * has a fresh Blobs directory (playwright.config.ts). Failures are simulated in the browser.
 */
import type {Page} from '@playwright/test'
import {CONTACT_MESSAGES, CONTACT_SUBJECTS} from '#schemas/contracts/forms/contact'
import {siteStore} from './blobs'
import {expect, expectAccessible, test} from './fixtures'

/** Distinct data per test: the server and its Blobs are shared. */
function uniqueEmail(tag: string) {
  return `e2e.contact.${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Waits until React has hydrated the form (it then validates in the browser). */
async function openHydrated(page: Page) {
  await page.goto('/contact')
  await page.waitForFunction(() => {
    const form = document.querySelector('form#contact-form')
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
}

async function fillValid(page: Page, email: string) {
  await page.getByRole('textbox', {name: 'Full name', exact: true}).fill('Captain Yusuf Karim')
  await page.getByRole('textbox', {name: 'Email address', exact: true}).fill(email)
  await page.getByRole('textbox', {name: 'Phone number (optional)', exact: true}).fill('+971 50 123 4567')
  await page.getByRole('combobox', {name: 'Subject', exact: true}).selectOption('Course Information')
  await page.getByRole('textbox', {name: 'Message', exact: true}).fill('Is there a BOSIET course starting next month?')
}

async function findStored(email: string) {
  const store = siteStore('contact-messages')
  const {blobs} = await store.list()
  for (const {key} of blobs) {
    const value = (await store.get(key, {type: 'json'})) as {email?: string} | null
    if (value?.email === email) return value as Record<string, unknown>
  }
  return null
}

test('shows the form, the spec’s subjects in order and the contact details', async ({page}) => {
  await page.goto('/contact')
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Contact Us')
  await expect(page.getByRole('heading', {level: 1})).toHaveCount(1)

  const options = page.getByRole('combobox', {name: 'Subject', exact: true}).locator('option')
  await expect(options).toHaveText(['Select a subject', ...CONTACT_SUBJECTS])
  await expect(options.first()).toHaveAttribute('value', '')

  const details = page.getByRole('complementary', {name: 'Get in touch'})
  await expect(details.getByRole('link', {name: /@/})).toHaveAttribute('href', /^mailto:\S+@\S+$/)
  await expect(details.getByRole('link', {name: /\d/})).toHaveAttribute('href', /^tel:\+?\d+$/)
  await expect(details).toContainText('Ajman')
  await expect(details).toContainText('Mon-Fri 9:00-17:00')

  // The honeypot is out of sight, out of the tab order and out of the accessibility tree.
  const honeypot = page.locator('input[name="website"]')
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
  await expect(honeypot).toHaveAttribute('autocomplete', 'off')
  await expect(honeypot).not.toBeInViewport()
  await expect(page.getByRole('textbox', {name: /website/i})).toHaveCount(0)

  await expectAccessible(page)
})

test('sends a message: busy state, the thank-you message, and a cleared form', async ({page}) => {
  await openHydrated(page)
  const email = uniqueEmail('success')
  await fillValid(page, email)

  // Hold the answer until the busy state has been seen (no sleep).
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/contact.data*', async (route) => {
    await held
    await route.continue()
  })
  const button = page.getByRole('button', {name: 'Send Message'})
  await button.click()
  await expect(page.getByRole('button', {name: 'Sending...'})).toBeDisabled()
  release()

  await expect(page.getByRole('status')).toHaveText(CONTACT_MESSAGES.success)
  await expect(page.getByRole('button', {name: 'Send Message'})).toBeEnabled()
  await expect(page.getByRole('textbox', {name: 'Full name', exact: true})).toHaveValue('')
  await expect(page.getByRole('textbox', {name: 'Email address', exact: true})).toHaveValue('')
  await expect(page.getByRole('textbox', {name: 'Phone number (optional)', exact: true})).toHaveValue('')
  await expect(page.getByRole('combobox', {name: 'Subject', exact: true})).toHaveValue('')
  // The placeholder shows again (not a blank select).
  await expect(page.getByRole('combobox', {name: 'Subject', exact: true}).locator('option:checked')).toHaveText('Select a subject')
  await expect(page.getByRole('textbox', {name: 'Message', exact: true})).toHaveValue('')
  await expect(page.getByRole('alert')).toHaveCount(0)

  await expect
    .poll(() => findStored(email))
    .toMatchObject({
      name: 'Captain Yusuf Karim',
      email,
      phone: '+971 50 123 4567',
      subject: 'Course Information',
      message: 'Is there a BOSIET course starting next month?',
    })
  await expectAccessible(page)
})

test('an empty form shows an error next to each required field and a summary', async ({page}) => {
  await openHydrated(page)
  let posted = false
  page.on('request', (request) => {
    if (request.method() === 'POST') posted = true
  })
  await page.getByRole('button', {name: 'Send Message'}).click()

  const expected: Array<[string, string]> = [
    ['Full name', 'Please enter your name.'],
    ['Email address', 'Please enter your email address.'],
    ['Subject', 'Please choose a subject.'],
    ['Message', 'Please enter your message.'],
  ]
  for (const [label, message] of expected) {
    const field = page.getByRole(label === 'Subject' ? 'combobox' : 'textbox', {name: label, exact: true})
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(message)
  }
  await expect(page.getByRole('textbox', {name: 'Phone number (optional)', exact: true})).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('textbox', {name: 'Full name', exact: true})).toBeFocused()

  const summary = page.getByRole('alert').filter({hasText: 'Please correct'})
  await expect(summary).toContainText('these 4 fields')
  await expect(summary.getByRole('link')).toHaveText([
    'Full name: Please enter your name.',
    'Email address: Please enter your email address.',
    'Subject: Please choose a subject.',
    'Message: Please enter your message.',
  ])
  expect(posted, 'an invalid form is not sent').toBe(false)
  await expectAccessible(page)

  // Fixing a field clears its error as the visitor types.
  await page.getByRole('textbox', {name: 'Full name', exact: true}).fill('Yusuf')
  await expect(page.getByRole('textbox', {name: 'Full name', exact: true})).not.toHaveAttribute('aria-invalid', 'true')
  await expect(summary).toContainText('these 3 fields')
})

test('an invalid email or phone is reported next to the field', async ({page}) => {
  await openHydrated(page)
  await fillValid(page, 'yusuf@')
  await page.getByRole('textbox', {name: 'Phone number (optional)', exact: true}).fill('call me')
  await page.getByRole('button', {name: 'Send Message'}).click()

  await expect(page.getByRole('textbox', {name: 'Email address', exact: true})).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('textbox', {name: 'Email address', exact: true})).toHaveAccessibleDescription('Please enter a valid email address.')
  await expect(page.getByRole('textbox', {name: 'Phone number (optional)', exact: true})).toHaveAccessibleDescription(/Please enter a valid phone number/)
  await expect(page.getByRole('textbox', {name: 'Full name', exact: true})).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('status')).toHaveText('')
  // What the visitor typed stays.
  await expect(page.getByRole('textbox', {name: 'Message', exact: true})).toHaveValue('Is there a BOSIET course starting next month?')
})

test('a lost connection shows a visible error and keeps what was typed', async ({page}) => {
  await openHydrated(page)
  await fillValid(page, uniqueEmail('offline'))
  await page.route('**/contact.data*', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', {name: 'Send Message'}).click()

  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Your message was not sent')
  await expect(alert).toContainText('check your connection')
  await expect(page.getByRole('status')).toHaveText('')
  await expect(page.getByRole('textbox', {name: 'Full name', exact: true})).toHaveValue('Captain Yusuf Karim')
  await expect(page.getByRole('combobox', {name: 'Subject', exact: true})).toHaveValue('Course Information')
  await expect(page.getByRole('button', {name: 'Send Message'})).toBeEnabled()
  await expectAccessible(page)
})

test('a server failure shows a visible error, not the error page', async ({page}) => {
  await openHydrated(page)
  await fillValid(page, uniqueEmail('server-error'))
  await page.route('**/contact.data*', (route) => route.fulfill({status: 500, contentType: 'text/plain', body: 'Internal Server Error'}))
  await page.getByRole('button', {name: 'Send Message'}).click()

  await expect(page.getByRole('alert')).toContainText('Your message was not sent')
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Contact Us')
  await expect(page.getByRole('textbox', {name: 'Message', exact: true})).toHaveValue('Is there a BOSIET course starting next month?')
})

test.describe('without JavaScript', () => {
  // (axe-core needs JavaScript in the page; the markup is the same as in the tests above.)
  test.use({javaScriptEnabled: false})

  test('the form posts to the server, which validates it and then sends it', async ({page}) => {
    await page.goto('/contact')
    // Invalid: the server answers with the errors and keeps the values (not counted by the limit).
    await page.getByRole('textbox', {name: 'Full name', exact: true}).fill('Nadia Petrova')
    await page.getByRole('textbox', {name: 'Email address', exact: true}).fill('nadia@')
    await page.getByRole('button', {name: 'Send Message'}).click()
    await expect(page.getByRole('textbox', {name: 'Email address', exact: true})).toHaveAccessibleDescription('Please enter a valid email address.')
    await expect(page.getByRole('combobox', {name: 'Subject', exact: true})).toHaveAccessibleDescription('Please choose a subject.')
    await expect(page.getByRole('textbox', {name: 'Full name', exact: true})).toHaveValue('Nadia Petrova')
    await expect(page.getByRole('alert').filter({hasText: 'Please correct'})).toContainText('these 3 fields')

    const email = uniqueEmail('nojs')
    await page.getByRole('textbox', {name: 'Email address', exact: true}).fill(email)
    await page.getByRole('combobox', {name: 'Subject', exact: true}).selectOption('Partnership Opportunities')
    await page.getByRole('textbox', {name: 'Message', exact: true}).fill('We run a crewing agency in Manila and would like to partner.')
    await page.getByRole('button', {name: 'Send Message'}).click()

    await expect(page.getByRole('status')).toHaveText(CONTACT_MESSAGES.success)
    await expect(page.getByRole('textbox', {name: 'Full name', exact: true})).toHaveValue('')
    await expect(page.getByRole('textbox', {name: 'Email address', exact: true})).toHaveValue('')
    await expect(page.getByRole('textbox', {name: 'Message', exact: true})).toHaveValue('')
    await expect.poll(() => findStored(email)).toMatchObject({name: 'Nadia Petrova', subject: 'Partnership Opportunities', phone: null})
  })
})
