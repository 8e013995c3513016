// The marker a work item carries so reconcile finds it again: its key and the digest of the content it was given.
// Text trackers keep it in an HTML comment of the description; a tracker may also index the key (a label, a tag).

/** Letters, digits and `.:-` (label- and tag-safe), up to 300 characters. */
const KEY = '[a-z0-9][a-z0-9.:-]{0,299}'
const MARKER = new RegExp(`guard-work-item key=(${KEY}) digest=([0-9a-f]{16})`)
const WHOLE_KEY = new RegExp(`^${KEY}$`)

export function isMarkerKey(key: string): boolean {
  return WHOLE_KEY.test(key)
}

/** `<!-- guard-work-item key=… digest=… -->`: invisible in rendered Markdown, kept by every edit of the text around it. */
export function markerComment(key: string, digest: string): string {
  if (!isMarkerKey(key) || !/^[0-9a-f]{16}$/.test(digest)) throw new Error(`not a marker: ${key} ${digest}`)
  return `<!-- guard-work-item key=${key} digest=${digest} -->`
}

/** The marker written in a text (the first one), or undefined. */
export function parseMarker(text: string | null | undefined): { key: string; digest: string } | undefined {
  const m = text ? MARKER.exec(text) : null
  return m ? { key: m[1], digest: m[2] } : undefined
}
