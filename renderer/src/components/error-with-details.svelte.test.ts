import { createRawSnippet } from 'svelte'
import { render } from 'svelte/server'
import { describe, expect, it } from 'vitest'
import ErrorWithDetails from './ErrorWithDetails.svelte'

// The error block with a "Details" disclosure (what happened and what to do, the error's code and
// details one click away, sometimes Try again) was written by hand in fifteen places; it is one
// component now (test/unit/renderer/error-details.test.ts checks no screen writes it again).
const RLO = String.fromCodePoint(0x202e)
const snippet = (html: string) => createRawSnippet(() => ({ render: () => html }))
/** The markup without Svelte's hydration comments. */
const html = (props: Parameters<typeof render<typeof ErrorWithDetails>>[1]) =>
  render(ErrorWithDetails, props).body.replace(/<!--[^>]*-->/g, '')

describe('ErrorWithDetails', () => {
  const error = {
    code: 'rate_limited' as const,
    message: `Too many searches at once${RLO}: wait a minute and try again.`,
    details: { retryAfter: 60 }
  }

  it('announces the sentence, keeps the code and details behind a native Details disclosure, and offers Try again', () => {
    const body = html({ props: { error, retry: () => undefined, testid: 'search-error' } })
    expect(body).toMatch(/^<div class="error-with-details block error[^"]*" role="alert" data-testid="search-error">/)
    // the sentence without the bidirectional control the message carried
    expect(body).toContain('>Too many searches at once: wait a minute and try again.</p>')
    // a <details>/<summary>: reached by Tab, opened by Enter or Space, the focus kept on it
    expect(body).toMatch(
      /<details[^>]*><summary[^>]*>Details<\/summary> <pre[^>]*>rate_limited: \{\n {2}"retryAfter": 60\n\}<\/pre><\/details>/
    )
    expect(body).toMatch(/<button type="button"[^>]*>Try again<\/button>/)
    expect(body.indexOf('<details')).toBeLessThan(body.indexOf('<button'))
  })

  it('takes a sentence of its own, lines after it, a lead in its place, other buttons after Try again', () => {
    const withLines = html({
      props: {
        error,
        message: 'The service’s records could not be loaded.',
        tone: 'plain',
        role: 'status',
        retry: () => undefined,
        retryLabel: 'Read again',
        children: snippet('<p class="muted">The ledger still shows.</p>'),
        actions: snippet('<button type="button">Close</button>')
      }
    })
    expect(withLines).toContain('role="status"')
    expect(withLines).toContain('class="error-with-details block plain')
    expect(withLines).toMatch(
      /records could not be loaded\.<\/p>\s*<p class="muted">The ledger still shows\.<\/p>\s*<details/
    )
    expect(withLines).toMatch(/>Read again<\/button>\s*<button type="button">Close<\/button><\/div><\/div>$/)
    expect(withLines).not.toContain('Too many searches')

    const withLead = html({ props: { error, lead: snippet('<strong>The call did not get a result</strong>') } })
    expect(withLead).toContain('<div class="lead')
    expect(withLead).toContain('<strong>The call did not get a result</strong>')
    expect(withLead).not.toContain('class="what')
    expect(withLead).not.toContain('<button')
  })

  it('shows a technical text that is not an IpcError, and no disclosure when there is nothing technical', () => {
    const refusal = html({
      props: { role: 'none', message: 'The data file is damaged.', details: 'SQLITE_CORRUPT at page 3' }
    })
    expect(refusal).not.toContain('role=')
    expect(refusal).toContain('<pre class="svelte-')
    expect(refusal).toContain('>SQLITE_CORRUPT at page 3</pre>')
    const bare = html({ props: { message: 'Something went wrong.' } })
    expect(bare).not.toContain('<details')
    expect(bare).not.toContain('<button')
  })

  it('gives a dialog’s Try again its keyboard and puts the buttons at the end', () => {
    const body = html({
      props: { error, layout: 'dialog', retry: () => undefined, focusRetry: true, close: () => undefined }
    })
    expect(body).toContain('class="error-with-details dialog error')
    expect(body).toMatch(/>Try again<\/button>\s*<button type="button"[^>]*>Close<\/button>/)
  })
})
