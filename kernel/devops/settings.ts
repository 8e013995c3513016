// Settings every tracker provider reads alike: the URL its secret is sent to, and the pause between writes.
import { BadRequestError } from '../base/errors.ts'

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)

/**
 * `value` of the setting `setting` (`devops.jira.url`) as a URL `secret` (`the token`) may travel to: https, or
 * http on this machine only; no credentials, query or fragment. Else a BadRequestError naming the setting.
 */
export function trackerUrl(value: string, setting: string, secret: 'the token' | 'the credentials'): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new BadRequestError(`${setting} is not a URL: ${JSON.stringify(value.slice(0, 200))}`)
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) throw new BadRequestError(`${setting} must be https (${secret} travels with every request); http only on a loopback host`)
  if (url.username || url.password || url.search || url.hash) throw new BadRequestError(`${setting} must have no credentials, query or fragment`)
  return url
}

/** The pause between writes in ms from an environment variable's `value`; `fallback` when unset, negative or not a number. */
export function writeIntervalMs(value: string | undefined, fallback: number): number {
  const interval = Number(value ?? fallback)
  return Number.isFinite(interval) && interval >= 0 ? interval : fallback
}
