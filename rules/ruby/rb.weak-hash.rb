# Fixture for rb.weak-hash.
require "digest"

class User < ApplicationRecord
  def self.hash_password(clear_password, salt)
    # ruleid: rb.weak-hash
    Digest::SHA1.hexdigest("#{salt}#{clear_password}")
  end

  def generate_reset
    # ruleid: rb.weak-hash
    self.reset_token = Digest::MD5.hexdigest("#{email}#{Time.now.to_f}")
  end

  def check(params)
    # ruleid: rb.weak-hash
    valid = Digest::MD5.hexdigest(params[:password]) == hashed_password
    # ruleid: rb.weak-hash
    sig = OpenSSL::Digest.new("sha1").hexdigest(api_secret + body)
    [valid, sig]
  end

  def cache_key_for(record)
    # ok: rb.weak-hash
    Digest::MD5.hexdigest("#{record.id}-#{record.updated_at.to_i}")
  end

  def file_checksum(path)
    # ok: rb.weak-hash
    etag = Digest::SHA1.file(path).hexdigest
    # ok: rb.weak-hash
    hashed = Digest::SHA256.hexdigest(password + salt)
    # ok: rb.weak-hash
    digest = Digest::MD5.hexdigest(File.read(path))
    [etag, hashed, digest]
  end
end
