# Fixture for secrets.octopus-deploy-api-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.octopus-deploy-api-key
octo create-release --project web --server https://deploy.acme.io --apiKey API-APWJTVC7GH2FX3XH7EPIHN1LZX
# ruleid: secrets.octopus-deploy-api-key
OCTOPUS_API_KEY=API-P63EUF2SXTSHJ98A8BA3WMHQA0
# ruleid: secrets.octopus-deploy-api-key
$headers = @{ "X-Octopus-ApiKey" = "API-NII470PQQ0EDSNU6AWU6DHXWJR" }
# ok: secrets.octopus-deploy-api-key
OCTOPUS_API_KEY=${OCTOPUS_API_KEY}
# ok: secrets.octopus-deploy-api-key
OCTOPUS_API_KEY=API-XXXXXXXXXXXXXXXXXXXXXXXXXX
# ok: secrets.octopus-deploy-api-key
OCTOPUS_API_KEY=API-0PTRPDHWLU
# ok: secrets.octopus-deploy-api-key
error: API-RATE-LIMIT-EXCEEDED-FOR-CLIENT-X
