# Fixture for secrets.gcp-oauth-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.gcp-oauth-token
creds = Credentials(token="ya29.a0jTbdnk7EqouudaCTkF8KnWTG_MEs_NUHPRfLp-MAtArI5LE2PuwJ3ZJGiWu7wE5F3ZhEUO30G2fOdsHSdCghDdlJFPASw1Vi7n1YrkniKYBISPHcRQLSANjbolzFb64WlDDXRmHUE_hrRe23pyBSmc")
# ruleid: secrets.gcp-oauth-token
REFRESH_TOKEN = "1//0gXJwUv1cwnjzeX97ndM6rLS245Vauc-FTgL1hrHO9QryPWGJCpXx-h-_yUXAUEr-ymq9u7gYZYxTRehUo66jhxYLHs-ueyrkK_8"
# ruleid: secrets.gcp-oauth-token
headers = {"Authorization": "Bearer ya29.c.gny1gO-fWK0bOk51z6Ksv1DMFfNTUziRn9TsqmIhwwN7s2cjfHJa2Boq2Gn1OetAZZ7bAs4gnhcMabGFbA-Jmee9rEse62wGB7TyKBBGLpOUNg9_mYR43kUcr_6kSQI15HznKkuRNV1ODla3I9V-y3Pbilg2D13OWHCwT6ATnuhtCzP-dfKuXET4zc3r6V8rF2_fuOXZj1b_sgk9BIVxp5_g05_a"}
# ok: secrets.gcp-oauth-token
creds = Credentials(token="ya29.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
# ok: secrets.gcp-oauth-token
REFRESH_TOKEN = os.environ["GOOGLE_REFRESH_TOKEN"]
# ok: secrets.gcp-oauth-token
url = "https://example.org/1//0_Viovyd8cDuO8dOujXroYmXlo_P_xVON0R0r2ly_JEPtn-HVwsBTDQ5GoLfl"
# ok: secrets.gcp-oauth-token
token = "ya29.short"
