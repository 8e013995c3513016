# Fixture for secrets.drone-ci-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.drone-ci-token
export DRONE_TOKEN=Le5QS7aLnY5RjKArLTAEvdDEFqtVAmF4
# ruleid: secrets.drone-ci-token
droneci_token: "q84KPWhNPYxRIn00Yu8s8csCA0S1BCIb"
# ruleid: secrets.drone-ci-token
DRONE_TOKEN = "XE8DYE6kw55HvhFhhp0eJejlz5MxwJzr"
# ok: secrets.drone-ci-token
export DRONE_TOKEN=${DRONE_TOKEN}
# ok: secrets.drone-ci-token
export DRONE_COMMIT_SHA=ea89761b6887f10743e523d3587cd3f80a9c2211
# ok: secrets.drone-ci-token
export DRONE_TOKEN=DUozGg9SdwlDdlfy
