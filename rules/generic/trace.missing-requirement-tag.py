# Fixture for trace.missing-requirement-tag: a module whose comments name no requirement.
# Infusion rate limits.

# ruleid: trace.missing-requirement-tag
import math


def max_rate(weight_kg):
    return math.floor(weight_kg * 0.5)
