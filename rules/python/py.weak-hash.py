# Fixture for py.weak-hash.
import hashlib


def fingerprint(password, salt, blob):
    # ruleid: py.weak-hash
    digest = hashlib.md5(password.encode()).hexdigest()
    # ruleid: py.weak-hash
    token = hashlib.sha1(salt + password.encode()).hexdigest()
    # ruleid: py.weak-hash
    h = hashlib.new("md5")
    # ruleid: py.weak-hash
    legacy = hashlib.new('SHA1', blob, usedforsecurity=True)
    return digest, token, h, legacy


def fine(password, salt, blob):
    # ok: py.weak-hash
    etag = hashlib.md5(blob, usedforsecurity=False).hexdigest()
    # ok: py.weak-hash
    digest = hashlib.sha256(blob).hexdigest()
    # ok: py.weak-hash
    key = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    # ok: py.weak-hash
    h = hashlib.new("sha256")
    # ok: py.weak-hash
    # hashlib.md5(password) was used before the migration
    # ok: py.weak-hash
    note = "hashlib.md5(password) is weak"
    return etag, digest, key, h, note
