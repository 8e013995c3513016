# Fixture for secrets.sidekiq-license: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.sidekiq-license
bundle config --local gems.contribsys.com 727d3349:184423c3; export BUNDLE_GEMS__CONTRIBSYS__COM=0e82196e:a5241ebd
# ruleid: secrets.sidekiq-license
BUNDLE_ENTERPRISE__CONTRIBSYS__COM: "2cff8a0f:1d8c0134"
# ruleid: secrets.sidekiq-license
source "https://f0a5c905:4d0cff1c@gems.contribsys.com/" do
# ok: secrets.sidekiq-license
BUNDLE_GEMS__CONTRIBSYS__COM: ${SIDEKIQ_CREDENTIALS}
# ok: secrets.sidekiq-license
source "https://gems.contribsys.com/" do
# ok: secrets.sidekiq-license
BUNDLE_GEMS__CONTRIBSYS__COM: "00000000:00000000"
