# Fixture for secrets.prefect-api-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.prefect-api-key
PREFECT_API_KEY=pnu_03B9rjUAjjNYSQA31UPrlgeSWfT7vpfrgckx
# ruleid: secrets.prefect-api-key
prefect cloud login --key pnu_UueCxqCemlhnoxWpT3DOQS3F5B9E97VMjxFY
# ruleid: secrets.prefect-api-key
  prefect_api_key: "pnu_c4enc2JwkKnfvXSOAtPAy4t7tvUIJBKcCaf7"
# ok: secrets.prefect-api-key
PREFECT_API_KEY=pnu_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
# ok: secrets.prefect-api-key
PREFECT_API_KEY=pnu_czjjkpv83XuG
# ok: secrets.prefect-api-key
PREFECT_API_KEY=${PREFECT_API_KEY}
# ok: secrets.prefect-api-key
PREFECT_API_URL=https://api.prefect.cloud/api/accounts/5a2a62d1-9ea2-47cc-942f-e0f20058c5c3
