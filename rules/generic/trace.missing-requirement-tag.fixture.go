// Package rates holds infusion limits.
// ok: trace.missing-requirement-tag
package rates

// MaxRate implements SRS-31.
func MaxRate(weightKg int) int { return weightKg / 2 }
