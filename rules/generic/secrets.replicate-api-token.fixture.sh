# Fixture for secrets.replicate-api-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.replicate-api-token
REPLICATE_API_TOKEN=r8_o6NXkydR8DjG1ZbrBuKeiY5DDK0AOn1lH2fie
# ruleid: secrets.replicate-api-token
client = replicate.Client(api_token="r8_0mNTHVvEjwExth1zQS3alJbJPmHn1oLdlApD5")
# ruleid: secrets.replicate-api-token
curl -H "Authorization: Bearer r8_fl4Qsvvn7p4LnVAqHEMMrpKeqxSH1XKAy6Dur" https://api.replicate.com/v1/predictions
# ok: secrets.replicate-api-token
REPLICATE_API_TOKEN=r8_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
# ok: secrets.replicate-api-token
REPLICATE_API_TOKEN=r8_id6Ru9dEBXXT
# ok: secrets.replicate-api-token
REPLICATE_API_TOKEN=${REPLICATE_API_TOKEN}
# ok: secrets.replicate-api-token
var8_gMxJOmo7hTJLiSE6impt67ZjYdtWK7YQlEx5V = 1
