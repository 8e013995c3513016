// Alarm thresholds for the bedside monitor.
// ok: trace.missing-requirement-tag
export const HEART_RATE_HIGH = 140

/** @requirement SWR-12 the alarm sounds within 2 s */
export function alarm(rate: number): boolean {
  return rate > HEART_RATE_HIGH
}
