// Chromium for the tests that render pages: started alike everywhere, and tabs from which nothing leaves unnoticed.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/** Headless Chromium without first-run work, background networking or component updates: only the pages' requests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  })
}

export interface GuardedTab {
  context: BrowserContext
  page: Page
  /** Requests `allowed` refused: aborted, and listed here. */
  external: string[]
  /** The page's uncaught errors. */
  errors: string[]
  /** What the Content-Security-Policy refused so far. */
  cspRefused(): Promise<string[]>
}

/** A tab in a new context where every request `allowed` refuses is aborted and listed; CSP refusals and page errors kept. */
export async function guardedTab(browser: Browser, allowed: (url: URL) => boolean, options: BrowserContextOptions = {}): Promise<GuardedTab> {
  const context = await browser.newContext(options)
  const external: string[] = []
  await context.route('**/*', (route) => {
    // A request still in flight when the page closes has nowhere to go: that is not a failure.
    if (allowed(new URL(route.request().url()))) return route.continue().catch(() => undefined)
    external.push(route.request().url())
    return route.abort('blockedbyclient').catch(() => undefined)
  })
  await context.addInitScript(() => {
    const w = window as unknown as { cspRefused: string[] }
    w.cspRefused = []
    document.addEventListener('securitypolicyviolation', (e) => w.cspRefused.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, external, errors, cspRefused: () => page.evaluate(() => (window as unknown as { cspRefused: string[] }).cspRefused) }
}
