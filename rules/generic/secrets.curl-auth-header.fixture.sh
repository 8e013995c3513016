# Fixture for secrets.curl-auth-header: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.curl-auth-header
curl -H "Authorization: Bearer 7b80240b94b7e1d1c67dc53aed52f19e5a17126" https://api.acme.io/v1/me
# ruleid: secrets.curl-auth-header
curl -s --header 'X-Api-Key: SXS5F90Rcymz3JOv7U75JMaOIvdrFfIuk1kXESiE' https://api.acme.io/v1/items
# ruleid: secrets.curl-auth-header
curl -X POST -H "Content-Type: application/json" -H "Authorization: Basic YWRtaW46U2VjcjN0LVBhc3M=" https://ci.acme.io/job/build
# ok: secrets.curl-auth-header
curl -H "Authorization: Bearer $TOKEN" https://api.acme.io/v1/me
# ok: secrets.curl-auth-header
curl -H "Authorization: Bearer ${API_TOKEN}" https://api.acme.io/v1/me
# ok: secrets.curl-auth-header
curl -H "Authorization: Bearer <your-token>" https://api.acme.io/v1/me
# ok: secrets.curl-auth-header
curl -H "X-Api-Key: your-api-key-here" https://api.acme.io/v1/items
