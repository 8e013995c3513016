// Figures over stored scans: totals for GET /api/metrics and one point per day for GET /api/trends.
import { SEVERITIES, type Severity } from '../base/schemas.ts'
import type { ScanStat } from './store.ts'

const zeros = () => Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>

function addSeverities(into: Record<Severity, number>, from: Record<Severity, number>): void {
  for (const s of SEVERITIES) into[s] += from[s] ?? 0
}

/** The share of decided gates that passed, or null when no gate was asked. */
function passRate(stats: ScanStat[]): number | null {
  const decided = stats.filter((s) => s.passed !== null)
  return decided.length ? decided.filter((s) => s.passed).length / decided.length : null
}

export function computeMetrics(stats: ScanStat[]) {
  const by_severity = zeros()
  for (const s of stats) addSeverities(by_severity, s.by_severity)
  const files = stats.reduce((n, s) => n + s.files_scanned, 0)
  const ms = stats.reduce((n, s) => n + s.duration_ms, 0)
  const gates = stats.filter((s) => s.passed !== null)
  return {
    scans: stats.length,
    files_scanned: files,
    findings: { total: stats.reduce((n, s) => n + s.total, 0), suppressed: stats.reduce((n, s) => n + s.suppressed, 0), by_severity },
    gates: { decided: gates.length, passed: gates.filter((s) => s.passed).length, pass_rate: passRate(stats) },
    mean_duration_ms: stats.length ? Math.round(ms / stats.length) : 0,
    throughput_files_per_s: ms ? Math.round((files / ms) * 1000 * 10) / 10 : 0,
    latest: stats.length ? stats[stats.length - 1] : null,
  }
}

/** The first instant (UTC midnight) of the trend window ending today. */
export function trendStart(days: number, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)))
}

/** One point per UTC day, oldest first, days without scans included as zeros. */
export function computeTrends(stats: ScanStat[], days: number, now = new Date()) {
  const start = trendStart(days, now)
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10)
    const today = stats.filter((s) => s.started_at.slice(0, 10) === date)
    const by_severity = zeros()
    for (const s of today) addSeverities(by_severity, s.by_severity)
    return { date, scans: today.length, findings: today.reduce((n, s) => n + s.total, 0), by_severity, gate_pass_rate: passRate(today) }
  })
}
