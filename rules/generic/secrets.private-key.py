# Fixture for secrets.private-key.
# ruleid: secrets.private-key
SERVER_KEY = """-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
-----END RSA PRIVATE KEY-----"""

# ruleid: secrets.private-key
DEPLOY_KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----"
# ruleid: secrets.private-key
PKCS8 = "-----BEGIN PRIVATE KEY-----"
# ruleid: secrets.private-key
SIGNING = "-----BEGIN PGP PRIVATE KEY BLOCK-----"

# ok: secrets.private-key
PUBLIC = "-----BEGIN PUBLIC KEY-----"
# ok: secrets.private-key
CERT = "-----BEGIN CERTIFICATE-----"
# ok: secrets.private-key
SSH_PUB = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl deploy"
# ok: secrets.private-key
KEY_PATH = "/etc/ssl/private/server.key"

# Code that parses PEM and prose that names the header hold no key:
# ok: secrets.private-key
_PKCS8_MARKER = ("-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----")
# ok: secrets.private-key
PEM_HEADER = "-----BEGIN RSA PRIVATE KEY-----"
# ok: secrets.private-key
"""The contents of the file before the "-----BEGIN RSA PRIVATE KEY-----" and after the END line are ignored."""
# ok: secrets.private-key
EXAMPLE = {"private_key": "-----BEGIN EC PRIVATE KEY-----\n<key bytes>\n-----END EC PRIVATE KEY-----\n"}
# ok: secrets.private-key
PEM_RE = re.compile(rb"-----BEGIN [A-Z ]*PRIVATE KEY-----.+-----END [A-Z ]*PRIVATE KEY-----")
# ruleid: secrets.private-key
SA = {"private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n"}
# ok: secrets.private-key
# "-----BEGIN ENCRYPTED PRIVATE KEY-----"
# ruleid: secrets.private-key
ENCRYPTED = """-----BEGIN ENCRYPTED PRIVATE KEY-----
MIIFHzBJBgkqhkiG9w0BBQ0wPDAbBgkqhkiG9w0BBQwwDgQIq3nX0Vf0mJ0CAggA
-----END ENCRYPTED PRIVATE KEY-----"""
# ruleid: secrets.private-key
  "private_key": "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIHc0iVn3dW9kq1x8Yh0qL6vP2sQ5mN4bR7tA9cE1fG2hoAoGCCqGSM49\n-----END EC PRIVATE KEY-----\n",
# ok: secrets.private-key
log.info("skipping -----BEGIN DSA PRIVATE KEY----- block in %s", path)
