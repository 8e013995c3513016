# Fixture for py.weak-rsa-key.
from Crypto.PublicKey import RSA
from cryptography.hazmat.primitives.asymmetric import dsa, rsa

# ruleid: py.weak-rsa-key
k1 = rsa.generate_private_key(public_exponent=65537, key_size=1024)
# ruleid: py.weak-rsa-key
k2 = RSA.generate(1024)
# ruleid: py.weak-rsa-key
k3 = dsa.generate_private_key(key_size=1024)
# ruleid: py.weak-rsa-key
k4 = rsa.generate_private_key(65537, 512)

# ok: py.weak-rsa-key
k5 = rsa.generate_private_key(public_exponent=65537, key_size=2048)
# ok: py.weak-rsa-key
k6 = RSA.generate(4096)
# ok: py.weak-rsa-key
k7 = rsa.generate_private_key(public_exponent=65537, key_size=settings.KEY_BITS)
# ok: py.weak-rsa-key
k8 = rsa.generate_private_key(65537, 3072)
