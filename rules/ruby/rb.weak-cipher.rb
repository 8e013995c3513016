# Fixture for rb.weak-cipher.
require "openssl"

module LegacyCrypto
  def self.encrypt(data, key)
    # ruleid: rb.weak-cipher
    cipher = OpenSSL::Cipher.new("des-cbc")
    # ruleid: rb.weak-cipher
    stream = OpenSSL::Cipher.new("RC4")
    # ruleid: rb.weak-cipher
    ecb = OpenSSL::Cipher.new("aes-128-ecb")
    # ruleid: rb.weak-cipher
    triple = OpenSSL::Cipher.new("des-ede3-cbc")
    # ruleid: rb.weak-cipher
    aes = OpenSSL::Cipher::AES.new(256, :ECB)
    [cipher, stream, ecb, triple, aes]
  end

  def self.safe(data, key)
    # ok: rb.weak-cipher
    cipher = OpenSSL::Cipher.new("aes-256-gcm")
    # ok: rb.weak-cipher
    cbc = OpenSSL::Cipher::AES.new(256, :CBC)
    # ok: rb.weak-cipher
    chacha = OpenSSL::Cipher.new("chacha20-poly1305")
    # ok: rb.weak-cipher
    configured = OpenSSL::Cipher.new(ENV.fetch("CIPHER", "aes-256-gcm"))
    [cipher, cbc, chacha, configured]
  end
end
