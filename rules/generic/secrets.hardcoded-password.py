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
