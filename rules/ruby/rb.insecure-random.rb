# Fixture for rb.insecure-random: output of rand/Random reaching a secret value, by every flow the analysis follows.
class User < ApplicationRecord
  def direct
    # ruleid: rb.insecure-random (flow: direct)
    otp = rand(100_000..999_999)
    # ruleid: rb.insecure-random (flow: direct)
    self.api_key = Random.new.bytes(16).unpack1("H*")
    # ruleid: rb.insecure-random (flow: direct)
    @password = CHARS.sample(12).join
    # ruleid: rb.insecure-random (flow: direct)
    update(reset_token: Random.rand(2**64).to_s(16))
    otp
  end

  def generate_reset_token
    # ruleid: rb.insecure-random (flow: direct)
    rand(36**12).to_s(36)
  end

  def assignments
    value = rand(10**8)
    code = value
    # ruleid: rb.insecure-random (flow: assignments)
    self.confirmation_code = code
  end

  def building
    n = rand(10**6)
    # ruleid: rb.insecure-random (flow: string-building)
    token = "tok-#{n}"
    # ruleid: rb.insecure-random (flow: string-building)
    salt = format("%06d", n)
    # ruleid: rb.insecure-random (flow: string-building)
    nonce = Time.now.to_i.to_s + n.to_s
    # ruleid: rb.insecure-random (flow: string-building)
    secret = Digest::SHA256.hexdigest([n, email].join(":"))
    [token, salt, nonce, secret]
  end

  def container
    picks = { color: COLORS.sample, code: rand(10_000) }
    # ok: rb.insecure-random (flow: container)
    self.avatar_color = picks[:color]
    # ruleid: rb.insecure-random (flow: container)
    self.pin_code = picks[:code]
  end

  def digits(count)
    return Array(1..count).map(&:to_s).join + rand(10).to_s
  end

  def store_secret(value)
    # ruleid: rb.insecure-random (flow: helper-function)
    self.secret_key = value
  end

  def helper
    # ruleid: rb.insecure-random (flow: helper-function)
    self.verification_code = digits(6)
    store_secret(rand.to_s)
    # ok: rb.insecure-random (flow: helper-function)
    self.verification_code = SecureRandom.random_number(10**6).to_s
  end

  def seed_tokens
    @seed = rand(2**32)
    @label = "primary"
  end

  def issue_token
    # ruleid: rb.insecure-random (flow: class-field)
    self.auth_token = "#{@seed}"
    # ok: rb.insecure-random (flow: class-field)
    self.auth_token_label = @label
  end

  def constant
    value = rand(10**6)
    value = SecureRandom.hex(16)
    # ok: rb.insecure-random (flow: constant-overwrite)
    self.remember_token = value
    key = rand(10**6)
    if false
      key = rand(100)
    else
      key = SecureRandom.hex(32)
    end
    # ok: rb.insecure-random (flow: dead-branch)
    self.api_key = key
  end

  def near_misses
    # ok: rb.insecure-random
    deck = CARDS.shuffle
    # ok: rb.insecure-random
    session_timeout = rand(300..600)
    # ok: rb.insecure-random
    @cache_key = "stats-#{rand(10)}"
    # ok: rb.insecure-random
    delay = rand(5)
    # ok: rb.insecure-random
    token_ttl = rand(3600..7200)
    # ok: rb.insecure-random
    password = CHARS.sample(12, random: SecureRandom).join
    # ok: rb.insecure-random
    otp = SecureRandom.random_number(100_000..999_999)
    # ok: rb.insecure-random
    update(avatar_color: COLORS.sample)
    [deck, delay, password, otp]
  end
end

class SessionsController < ApplicationController
  def create
    code = rand(1_000_000)
    # ruleid: rb.insecure-random (flow: assignments)
    session[:login_code] = code
    # ruleid: rb.insecure-random (flow: direct)
    cookies.permanent[:device] = { value: rand(2**48).to_s(36), httponly: true }
    # ok: rb.insecure-random
    cookies[:theme] = { value: THEMES.fetch(params[:theme], "light") }
    # ok: rb.insecure-random
    flash[:tip] = TIPS.sample
  end
end
