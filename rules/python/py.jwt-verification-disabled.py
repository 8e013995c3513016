# Fixture for py.jwt-verification-disabled.
import jwt


def current_user(token):
    # ruleid: py.jwt-verification-disabled
    claims = jwt.decode(token, options={"verify_signature": False})
    # ruleid: py.jwt-verification-disabled
    legacy = jwt.decode(token, verify=False)
    # ruleid: py.jwt-verification-disabled
    loose = jwt.decode(token, key, algorithms=["HS256", "none"])
    return claims, legacy, loose


def safe(token):
    # ok: py.jwt-verification-disabled
    claims = jwt.decode(token, public_key, algorithms=["RS256"])
    # ok: py.jwt-verification-disabled
    header = jwt.get_unverified_header(token)
    # ok: py.jwt-verification-disabled
    strict = jwt.decode(token, key, algorithms=["HS256"], options={"verify_exp": True})
    # ok: py.jwt-verification-disabled
    data = base64.b64decode(token, validate=False)
    return claims, header, strict, data
