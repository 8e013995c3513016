# Fixture for rb.insecure-random.
class User < ApplicationRecord
  def generate_reset_token
    # ruleid: rb.insecure-random
    (0...32).map { ("a".."z").to_a[rand(26)] }.join
  end

  def setup
    # ruleid: rb.insecure-random
    self.api_key = Random.new.bytes(16).unpack1("H*")
    # ruleid: rb.insecure-random
    otp = rand(100_000..999_999)
    # ruleid: rb.insecure-random
    @password = CHARS.sample(12).join
    otp
  end

  def shuffle_cards
    # ok: rb.insecure-random
    deck = CARDS.shuffle
    # ok: rb.insecure-random
    session_timeout = rand(300..600)
    # ok: rb.insecure-random
    @cache_key = "stats-#{rand(10)}"
    # ok: rb.insecure-random
    delay = rand(5)
    [deck, delay]
  end

  def safe_token
    # ok: rb.insecure-random
    SecureRandom.urlsafe_base64(32)
  end

  def safe_password
    # ok: rb.insecure-random
    CHARS.sample(12, random: SecureRandom).join
  end
end
