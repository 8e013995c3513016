# Fixture for secrets.url-credentials: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.url-credentials
git remote add backup https://deploy:Vhd300DBeXdNrtJlCmzI@git.acme.internal/acme/app.git
# ruleid: secrets.url-credentials
export HTTPS_PROXY=http://proxyuser:FwyHFyjhHsYJrl@proxy.corp.local:3128
# ruleid: secrets.url-credentials
lftp -e "mirror -R dist /www" ftp://webmaster:Lm9LIoSCM41G@ftp.acme-hosting.net
# ruleid: secrets.url-credentials
MAIL_URL=smtps://mailer%40acme.io:rHFgeY6jK4WTau9q@smtp.acme-mail.net:465
# ruleid: secrets.url-credentials
pip install --index-url https://ci:FMxwpBmCqUtavOyeigAdkfPy@nexus.acme.internal/repository/pypi/simple acme-lib
# ok: secrets.url-credentials
git remote add origin https://github.com/acme/app.git
# ok: secrets.url-credentials
export HTTPS_PROXY=http://${PROXY_USER}:${PROXY_PASS}@proxy.corp.local:3128
# ok: secrets.url-credentials
url = "https://user:password@host/path"
# ok: secrets.url-credentials
docs = "https://alice:FApRnPMoqeSf@example.com/private"
# ok: secrets.url-credentials
curl https://api.acme.io:8443/health
# ok: secrets.url-credentials
email = "mailto:someone@acme.io"
