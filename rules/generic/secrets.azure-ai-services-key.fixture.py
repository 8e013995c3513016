# Fixture for secrets.azure-ai-services-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.azure-ai-services-key
AZURE_OPENAI_API_KEY = "3d8af5498275adb57d144f68162b5cf3"
# ruleid: secrets.azure-ai-services-key
azure_speech_key: 7b80240b94b7e1d1c67dc53aed52f19e
# ruleid: secrets.azure-ai-services-key
  "AzureSearchAdminKey": "5a17126149782e5ac3fe2f0e982200de",
# ok: secrets.azure-ai-services-key
AZURE_OPENAI_API_KEY = os.environ["AZURE_OPENAI_API_KEY"]
# ok: secrets.azure-ai-services-key
AZURE_OPENAI_API_VERSION = "2024-02-15-preview"
# ok: secrets.azure-ai-services-key
AZURE_OPENAI_DEPLOYMENT_ID = "3d8af5498275adb57d144f68162b5cf3"
# ok: secrets.azure-ai-services-key
AZURE_OPENAI_API_KEY = "00000000000000000000000000000000"
