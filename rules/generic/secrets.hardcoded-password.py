# Fixture for secrets.hardcoded-password.
import os

# ruleid: secrets.hardcoded-password
DB_PASSWORD = "Xk9#mQ2$vL7pR4wz"
# ruleid: secrets.hardcoded-password
config = {"api_key": "b7f3e9a1c4d2f8e6a0b5c9d3"}
# ruleid: secrets.hardcoded-password
client_secret = 'N4u!r8Tq#z2Lw6Ve'
# ruleid: secrets.hardcoded-password
connect(user="app", password="Tr0ub4dor&3horse")

# ok: secrets.hardcoded-password
DB_PASSWORD = os.environ["DB_PASSWORD"]
# ok: secrets.hardcoded-password
password = "changeme"
# ok: secrets.hardcoded-password
api_key = "${API_KEY}"
# ok: secrets.hardcoded-password
secret = "{{ vault_secret }}"
# ok: secrets.hardcoded-password
password = "your_password_here"
# ok: secrets.hardcoded-password
password = "aaaaaaaaaaaa"
# ok: secrets.hardcoded-password
password = "password123"
# ok: secrets.hardcoded-password
dsn = "postgresql://%(user)s:%(password)s@db/app"
# ok: secrets.hardcoded-password
PASSWORD_MIN_LENGTH = 12
# ok: secrets.hardcoded-password
password = "<token>"
# ok: secrets.hardcoded-password
client_secret = "%(client_secret)s"
# ok: secrets.hardcoded-password
api_key = os.environ.get("API_KEY", "")
# Values in a provider's format are reported once, by the provider's rule:
# ok: secrets.hardcoded-password
stripe_api_key = "sk_live_4eC39HqLyjWDarjtT1zdp7dcQk2R"
# ok: secrets.hardcoded-password
access_token = "glpat-Zq8vN2kLm4Rt7Wx9Yb1C"
# ok: secrets.hardcoded-password
TWILIO_AUTH_TOKEN = "d628e5199b47f4d0384fc6e45cef25e2"
# ok: secrets.hardcoded-password
aws_secret_access_key = "sWOpnvh8rgfFNvPVTtt1oBMuXBOSyU7c34Xbk6Gi"
# ruleid: secrets.hardcoded-password
smtp_password = "Gq7!vRw2#Lp9zT4m"
# Documentation examples in real libraries (RFC 6749 / RFC 5849 sample tokens, a low-entropy docstring password):
# ok: secrets.hardcoded-password
response = {"access_token": "2YotnFZFEjr1zCsicMWpAA", "token_type": "example"}
# ok: secrets.hardcoded-password
header = 'OAuth oauth_token="ad180jjd733klru7", oauth_signature_method="HMAC-SHA1"'
# ok: secrets.hardcoded-password
auth_handler.add_password(realm="PDQ Application", uri="https://mahler:8092/site-updates.py", user="klem", passwd="geheim$parole")


def fetch_request_token(session, url):
    """Fetch a request token (a doctest: its sample credentials are documentation).

    >>> session.fetch_request_token(url)
    {
        'oauth_token': 'kjerht2309u',
        # ok: secrets.hardcoded-password
        'oauth_token_secret': 'lsdajfh923874',
    }
    """
    # ruleid: secrets.hardcoded-password
    fallback = {"oauth_token_secret": "lsdajfh923874"}
    return session.fetch(url) or fallback
