# Fixture for rb.static-iv.
require "openssl"

def encrypt(data, key)
  cipher = OpenSSL::Cipher.new("aes-256-cbc")
  cipher.encrypt
  cipher.key = key
  # ruleid: rb.static-iv
  cipher.iv = "0123456789abcdef"
  # ruleid: rb.static-iv
  cipher.iv = "\0" * 16
  # ruleid: rb.static-iv
  cipher.iv = "abcdefghijklmnop".b
  # ruleid: rb.static-iv
  cipher.iv = ["00112233445566778899aabbccddeeff"].pack("H*")
  cipher.update(data) + cipher.final
end

def encrypt_safe(data, key)
  cipher = OpenSSL::Cipher.new("aes-256-gcm")
  cipher.encrypt
  # ok: rb.static-iv
  iv = cipher.random_iv
  # ok: rb.static-iv
  cipher.iv = SecureRandom.random_bytes(12)
  # ok: rb.static-iv
  cipher.iv = iv
  # ok: rb.static-iv
  cipher.iv = Base64.decode64(payload["iv"])
  [iv, cipher.update(data) + cipher.final]
end
