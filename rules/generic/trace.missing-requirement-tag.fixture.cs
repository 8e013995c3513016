// Trend alarms. Traces to URS-8 (early warning score) and SRS-44.
// ok: trace.missing-requirement-tag
using System;

public static class Trend { public static bool Rising(double a, double b) => b > a; }
