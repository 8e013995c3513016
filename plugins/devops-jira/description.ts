// The description in the flavour's format (Cloud: ADF; Data Center: wiki markup), within Jira's 32,767-character
// limit on the field: long texts are cut, and locations that do not fit are counted in "and N more".
import type { WorkItemContent } from '../../kernel/plugin.ts'
import { adfDescription, type AdfDocument } from './adf.ts'
import type { Flavour } from './api.ts'
import { cut } from './text.ts'
import { wikiDescription } from './wiki.ts'

/** Jira's limit on a text field; an ADF document is measured as the JSON Jira stores. */
export const MAX_DESCRIPTION = 32_767
const MAX_MESSAGE = 500
const MAX_PATH = 500
const MAX_REMEDIATION = 4000

export type JiraDescription = AdfDocument | string

export const descriptionSize = (d: JiraDescription) => (typeof d === 'string' ? d.length : JSON.stringify(d).length)

/** A long path keeps its end: the file's name says more than the folders above it. */
const cutStart = (s: string, max: number) => (s.length > max ? `…${s.slice(s.length - max + 1)}` : s)

export function jiraDescription(flavour: Flavour, content: WorkItemContent): JiraDescription {
  const render = flavour === 'cloud' ? adfDescription : wikiDescription
  const c: WorkItemContent = {
    ...content,
    summary: cut(content.summary, 1000),
    remediation: cut(content.remediation, MAX_REMEDIATION),
    locations: content.locations.map((l) => ({ file: cutStart(l.file, MAX_PATH), line: l.line, message: cut(l.message, MAX_MESSAGE) })),
  }
  const withLocations = (n: number) => render({ ...c, locations: c.locations.slice(0, n), more: c.more + c.locations.length - n })
  const full = withLocations(c.locations.length)
  if (descriptionSize(full) <= MAX_DESCRIPTION) return full
  // The most locations that fit (sizes grow with n, so a binary search finds it).
  let lo = 0
  let hi = c.locations.length - 1
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (descriptionSize(withLocations(mid)) <= MAX_DESCRIPTION) lo = mid
    else hi = mid - 1
  }
  return withLocations(lo)
}
