# Fixture for rb.weak-rsa-key.
require "openssl"

# ruleid: rb.weak-rsa-key
key = OpenSSL::PKey::RSA.new(1024)
# ruleid: rb.weak-rsa-key
small = OpenSSL::PKey::RSA.generate(512)
# ruleid: rb.weak-rsa-key
dsa = OpenSSL::PKey::DSA.new(1024)
# ok: rb.weak-rsa-key
good = OpenSSL::PKey::RSA.new(2048)
# ok: rb.weak-rsa-key
better = OpenSSL::PKey::RSA.generate(4096)
# ok: rb.weak-rsa-key
loaded = OpenSSL::PKey::RSA.new(File.read("key.pem"))
# ok: rb.weak-rsa-key
ec = OpenSSL::PKey::EC.generate("prime256v1")
