# Fixture for secrets.travis-ci-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.travis-ci-token
export TRAVIS_TOKEN=-8cwERod9Fh5abDQe86RcL
# ruleid: secrets.travis-ci-token
travis_api_token: "94dJSaWmBUbq8Q5bb7EL0K"
# ruleid: secrets.travis-ci-token
TRAVIS_API_KEY = "WxbLUj2Or4dkghf2wcHvmL"
# ok: secrets.travis-ci-token
export TRAVIS_TOKEN=$(travis token --no-interactive)
# ok: secrets.travis-ci-token
TRAVIS_BUILD_ID=853312643
# ok: secrets.travis-ci-token
export TRAVIS_TOKEN=-_SRQlOwG9LI
