// The shared tracker HTTP client, and what only Azure DevOps does: some deployments answer a refused token with
// 203 Non-Authoritative and the HTML sign-in page instead of a 401. That is a refusal, never a success.
import { TrackerError, type TrackerHttp, type TrackerRequest, type TrackerResponse } from '../../kernel/plugin.ts'
import { PAT_REJECTED } from './api.ts'

export class AzureHttp {
  constructor(
    private readonly http: TrackerHttp,
    /** The organization's or collection's URL, for messages that name a request's path as the shared client does. */
    private readonly baseUrl: string,
  ) {}

  /** Requests sent (every attempt counts). */
  get requests(): number {
    return this.http.requests
  }

  async request<T = unknown>(method: string, path: string, req: TrackerRequest = {}): Promise<TrackerResponse<T>> {
    const res = await this.http.request<unknown>(method, path, req)
    const where = `${method} ${new URL(path.replace(/^\/+/, ''), `${this.baseUrl}/`).pathname}`
    if (res.status === 203) throw new TrackerError(`Azure DevOps refused ${where}: 203 ${PAT_REJECTED} (it answered with its sign-in page)`, 'tracker', 203)
    // Every answer here is a JSON object: a page of text is a sign-in or proxy page, not Azure DevOps' answer.
    if (res.body === null || typeof res.body !== 'object')
      throw new TrackerError(`Azure DevOps answered ${where} (${res.status}) with ${res.body === null ? 'nothing' : 'a page that is not JSON (a sign-in page or a proxy?)'}`, 'tracker', res.status)
    return res as TrackerResponse<T>
  }
}
