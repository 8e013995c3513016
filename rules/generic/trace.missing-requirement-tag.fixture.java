// Infusion limits agreed with the clinical team; see the design review notes (no requirement id given).
// ruleid: trace.missing-requirement-tag
package org.example.pump;

public final class Rates {
    static int maxRate(int weightKg) { return weightKg / 2; }
}
