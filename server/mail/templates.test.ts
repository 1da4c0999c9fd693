import { describe, expect, it } from 'vitest'
import { parseEnv } from '../env'
import { composeMail } from './compose'
import { mailBrand } from './brand'
import { previewList, renderMail, renderSample } from './render'
import { mailSamples, mailTemplates } from './templates'

/**
 * The branded templates: every kind of message renders an HTML part and a text part from the same data,
 * signed with the provider's configuration, every link absolute from PUBLIC_URL, nothing left blank.
 */
const env = parseEnv({
  NODE_ENV: 'test',
  PUBLIC_URL: 'https://portal.example.test/',
  PROVIDER_NAME: 'Gulf Coast Agents',
  COMPANY_LOCATION: '1 Ocean Dr, Miami Beach, FL 33139',
  SUPPORT_PHONE: '+1 (305) 555-0199',
  SUPPORT_EMAIL: 'help@gulf.example',
})
const brand = mailBrand(env)

/** Every href and src of the HTML part. */
const linksOf = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'))
/** What a blank in a template would print. */
const BLANKS = /\bundefined\b|\bNaN\b|\[object Object\]|>null<|: null\b/

/** Notification mail a user can switch off; everything else is transactional or always sent. */
const SWITCHABLE = ['document-arrived', 'mail-request-update', 'payment-receipt', 'deadline-reminder']

describe('mail templates', () => {
  it('every template has a preview with sample data', () => {
    const previewed = new Set(Object.values(mailSamples).map((s) => s.template))
    expect([...previewed].sort()).toEqual(Object.keys(mailTemplates).sort())
    expect(previewList().map((p) => p.name)).toEqual(Object.keys(mailSamples))
  })

  for (const name of Object.keys(mailSamples)) {
    it(`${name}: renders HTML and text in the shared layout, links absolute, nothing blank`, async () => {
      const mail = (await renderSample(name, brand))!
      expect(mail.subject.length).toBeGreaterThan(3)
      expect(mail.subject).not.toMatch(BLANKS)

      expect(mail.html).toMatch(/^<!DOCTYPE html/)
      expect(mail.html).toMatch(/<html [^>]*lang="en"/)
      for (const part of [brand.name, brand.address, brand.supportPhone, brand.supportEmail]) expect(mail.html).toContain(part)
      expect(mail.html).not.toMatch(BLANKS)
      const links = linksOf(mail.html)
      expect(links.length).toBeGreaterThan(2)
      for (const link of links) expect(link).toMatch(/^(https:\/\/portal\.example\.test\/|mailto:help@gulf\.example$|tel:\+13055550199$)/)

      // The text part: readable as plain text, signed like the HTML.
      expect(mail.text).not.toMatch(/<[a-z][^>]*>/i)
      expect(mail.text).not.toMatch(BLANKS)
      expect(mail.text).toContain(`\n-- \n${brand.name}\n${brand.address}\n${brand.supportPhone} · ${brand.supportEmail}`)
      for (const url of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(url).toMatch(/^https:\/\/portal\.example\.test\//)
      // The main link of the HTML is written out in the text too.
      const action = links.find((link) => link.startsWith('https://portal.example.test/') && link !== 'https://portal.example.test/')
      if (action) expect(mail.text).toContain(action)
    })
  }

  it('notification mail a user can switch off carries List-Unsubscribe with one-click POST; transactional mail none', async () => {
    for (const name of Object.keys(mailSamples)) {
      const mail = (await renderSample(name, brand))!
      if (SWITCHABLE.includes(name)) {
        expect(mail.headers, name).toEqual({
          'List-Unsubscribe': expect.stringMatching(/^<https:\/\/portal\.example\.test\/api\/notification-preferences\/unsubscribe\?token=[^>\s]+>$/),
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        })
        // The same address in the footer and in the text part.
        const url = mail.headers!['List-Unsubscribe'].slice(1, -1)
        expect(linksOf(mail.html)).toContain(url)
        expect(mail.text).toContain(url)
      } else expect(mail.headers, name).toBeUndefined()
    }
  })

  it('without https (a development PUBLIC_URL) List-Unsubscribe stays, the one-click header does not', async () => {
    const local = mailBrand(parseEnv({ NODE_ENV: 'test' }))
    const mail = (await renderSample('document-arrived', local))!
    expect(Object.keys(mail.headers!)).toEqual(['List-Unsubscribe'])
    expect(mail.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:8080\//)
  })

  it("escapes what people wrote and keeps a support message's line breaks", async () => {
    const mail = await renderMail(
      'support-reply',
      {
        subject: 'Fees <b>& taxes</b>',
        message: 'Line one\nLine <script>alert(1)</script> two\n\nNew paragraph',
        url: 'https://portal.example.test/client/support/3',
      },
      brand,
    )
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<b>& taxes</b>')
    expect(mail.html).toMatch(/Line one<\/span><span><br\/?>/)
    expect(mail.text).toContain('Line one\nLine <script>alert(1)</script> two\n\nNew paragraph')
    expect(mail.subject).toBe('Re: Fees <b>& taxes</b>')
  })

  it('composeMail makes the message the mailer sends: both parts, the headers, the envelope', async () => {
    const expiresAt = new Date('2026-12-02T16:00:00Z')
    const mail = await composeMail(
      env,
      'password-reset',
      { name: 'Ada', url: 'https://portal.example.test/reset/abc', minutes: 60 },
      { to: 'ada@example.test', expiresAt },
    )
    expect(mail).toMatchObject({ to: 'ada@example.test', subject: 'Reset your password', expiresAt })
    expect(mail.html).toContain('href="https://portal.example.test/reset/abc"')
    expect(mail.text).toContain('\n\nhttps://portal.example.test/reset/abc\n\n')
    expect(mail.headers).toBeUndefined()
  })
})
