# Fixture for py.tls-verification-disabled.
import ssl

import httpx
import requests

# ruleid: py.tls-verification-disabled
r = requests.get("https://internal.example.com/api", verify=False)
# ruleid: py.tls-verification-disabled
client = httpx.Client(verify=False)
# ruleid: py.tls-verification-disabled
ctx = ssl._create_unverified_context()
context = ssl.create_default_context()
context.check_hostname = False
# ruleid: py.tls-verification-disabled
context.verify_mode = ssl.CERT_NONE
# ruleid: py.tls-verification-disabled
sock = ssl.wrap_socket(raw, cert_reqs=ssl.CERT_NONE)

# ok: py.tls-verification-disabled
r = requests.get("https://internal.example.com/api", verify="/etc/ssl/private-ca.pem")
# ok: py.tls-verification-disabled
r = requests.get("https://api.example.com", verify=True, timeout=5)
# ok: py.tls-verification-disabled
context.verify_mode = ssl.CERT_REQUIRED
# ok: py.tls-verification-disabled
form = SignupForm(verify=False)
