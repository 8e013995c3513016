# Fixture for secrets.curl-basic-auth: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.curl-basic-auth
curl -u "deploy:N4u!r8Tq#z2Lw6Ve" https://nexus.acme.io/repository/releases/
# ruleid: secrets.curl-basic-auth
curl --user admin:Xk9mQ2vL7pR4wz -X POST https://jenkins.acme.io/job/build/build
# ruleid: secrets.curl-basic-auth
curl -fsS -u svc_backup:TX7nHFM4q69h5mBh https://backup.acme.io/export > dump.tar
# ok: secrets.curl-basic-auth
curl -u "$USER:$PASSWORD" https://nexus.acme.io/repository/releases/
# ok: secrets.curl-basic-auth
curl -u admin https://jenkins.acme.io/job/build/build
# ok: secrets.curl-basic-auth
curl -u "user:password" https://httpbin.org/basic-auth/user/password
# ok: secrets.curl-basic-auth
curl -u "${NEXUS_USER}:${NEXUS_PASS}" https://nexus.acme.io/
