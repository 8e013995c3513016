# Fixture for secrets.postman-api-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.postman-api-key
POSTMAN_API_KEY=PMAK-ed44b1f5b3f735c423d75448-dcc05e7edde3c9c2d77c49ff5c6880b5dc
# ruleid: secrets.postman-api-key
newman run https://api.getpostman.com/collections/123?apikey=PMAK-0e4dff4ba794cb5b7dd8c383-bbe29441d9604e0429f1bdb2d2c157b5bf
# ruleid: secrets.postman-api-key
  "X-Api-Key": "PMAK-38f9bdb1e2feb24ea561d446-cd5e9ebed200210d624d13b834385af76c"
# ok: secrets.postman-api-key
POSTMAN_API_KEY=PMAK-xxxxxxxxxxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
# ok: secrets.postman-api-key
POSTMAN_API_KEY=PMAK-c6095473022214a8b4505b5b
# ok: secrets.postman-api-key
POSTMAN_API_KEY={{postman_api_key}}
# ok: secrets.postman-api-key
POSTMAN_COLLECTION_ID=cac3fbcd-cc84-40f3-95c3-2eb607e68db5
