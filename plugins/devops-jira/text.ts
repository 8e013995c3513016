// Words both description formats share, and the summary line.

/** The closing note, in parts (code spans apart): how guard keeps the issue, and how to accept a finding instead. */
export const FOOTER: { text: string; code?: true }[] = [
  { text: 'guard keeps this issue: it updates it when the findings change, closes it when they are gone and reopens it when they come back, and finds it again by its ' },
  { text: 'guard-…', code: true },
  { text: ' labels (keep them). To accept a finding, suppress it in guard (' },
  { text: 'guard-ignore', code: true },
  { text: ' or ' },
  { text: '.guard.yaml', code: true },
  { text: ' suppressions) rather than closing this issue.' },
]

/** Jira's summary: one line, at most 255 characters. */
export function summaryOf(title: string): string {
  const line = title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  return line.length > 255 ? `${line.slice(0, 254)}…` : line
}

export function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}
