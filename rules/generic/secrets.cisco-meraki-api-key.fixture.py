# Fixture for secrets.cisco-meraki-api-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.cisco-meraki-api-key
MERAKI_DASHBOARD_API_KEY = "527e00dad870b6c774d91c9534a42a90a119ea5f"
# ruleid: secrets.cisco-meraki-api-key
meraki_api_key: 474da37472d704f20c66ec4880a0e8f3744a24d6
# ruleid: secrets.cisco-meraki-api-key
export MERAKI_API_KEY=3087edbe910ef26ef012da942336f5538a922088
# ok: secrets.cisco-meraki-api-key
MERAKI_DASHBOARD_API_KEY = os.environ["MERAKI_DASHBOARD_API_KEY"]
# ok: secrets.cisco-meraki-api-key
commit = "8a7d0583cb5dd2073e1aeef97d9dec5d6a7c4843"
# ok: secrets.cisco-meraki-api-key
MERAKI_ORG_ID = "851213"
