// Finding items: WIQL answers ids only (at most 20,000 a query, fewer with $top), so the ids come in pages keyed by
// id (`[System.Id] > last ORDER BY [System.Id]`), and the fields in batches of 200 (POST workitemsbatch).
import { TrackerError } from '../../kernel/plugin.ts'
import { API_VERSION, type AzureWorkItem } from './api.ts'
import type { AzureHttp } from './http.ts'

/** Ids asked for per WIQL query (Azure DevOps refuses a query matching over 20,000 unless $top bounds it). */
export const WIQL_PAGE = 10_000
/** Azure DevOps reads at most 200 work items a request. */
export const BATCH = 200
/** A listing longer than this many WIQL pages is refused (a million items; a query that never ends). */
const MAX_PAGES = 100

interface WiqlResult {
  workItems?: { id: number }[]
}

/** Every id `where` matches in the project, in id order. A query changes nothing: it is retried like a GET. */
export async function* queryIds(http: AzureHttp, projectPath: string, where: string, pageSize = WIQL_PAGE): AsyncGenerator<number> {
  let last = 0
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw new TrackerError(`Azure DevOps answered more than ${MAX_PAGES} pages of work item ids; stopped`, 'tracker')
    const query = `SELECT [System.Id] FROM WorkItems WHERE ${where} AND [System.Id] > ${last} ORDER BY [System.Id] ASC`
    const { body } = await http.request<WiqlResult>('POST', `${projectPath}/_apis/wit/wiql`, { query: { $top: pageSize, 'api-version': API_VERSION }, body: { query }, idempotent: true })
    if (!body || !Array.isArray(body.workItems)) throw new TrackerError('Azure DevOps answered a WIQL query with something other than a list of work items', 'tracker')
    const ids = body.workItems.map((w) => w.id).filter((id) => Number.isInteger(id) && id > last)
    yield* ids
    if (body.workItems.length < pageSize || !ids.length) return
    last = ids[ids.length - 1]
  }
}

/** The items of `ids` with `fields`, 200 a request; an id deleted since the query is left out (errorPolicy omit). */
export async function readItems(http: AzureHttp, projectPath: string, ids: number[], fields: string[]): Promise<AzureWorkItem[]> {
  const items: AzureWorkItem[] = []
  for (let i = 0; i < ids.length; i += BATCH) {
    const { body } = await http.request<{ value?: (AzureWorkItem | null)[] }>('POST', `${projectPath}/_apis/wit/workitemsbatch`, {
      query: { 'api-version': API_VERSION },
      body: { ids: ids.slice(i, i + BATCH), fields, errorPolicy: 'omit' },
      idempotent: true,
    })
    if (!body || !Array.isArray(body.value)) throw new TrackerError('Azure DevOps answered a work item batch with something other than a list', 'tracker')
    for (const item of body.value) if (item && typeof item.id === 'number' && item.fields) items.push(item)
  }
  return items
}
