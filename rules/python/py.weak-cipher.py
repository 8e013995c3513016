# Fixture for py.weak-cipher.
from Crypto.Cipher import AES, ARC4, DES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def encrypt(key, iv, data):
    # ruleid: py.weak-cipher
    a = DES.new(key, DES.MODE_CBC, iv)
    # ruleid: py.weak-cipher
    b = AES.new(key, AES.MODE_ECB)
    # ruleid: py.weak-cipher
    c = ARC4.new(key)
    # ruleid: py.weak-cipher
    d = Cipher(algorithms.AES(key), modes.ECB())
    # ruleid: py.weak-cipher
    e = Cipher(algorithms.TripleDES(key), modes.CBC(iv))
    return a, b, c, d, e


def safe(key, nonce, data):
    # ok: py.weak-cipher
    a = AES.new(key, AES.MODE_GCM, nonce=nonce)
    # ok: py.weak-cipher
    d = Cipher(algorithms.AES(key), modes.GCM(nonce))
    # ok: py.weak-cipher
    h = hmac.new(key, data, "sha256")
    # ok: py.weak-cipher
    mode = "ECB is not allowed"
    return a, d, h, mode
