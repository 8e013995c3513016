# Fixture for rb.unsafe-deserialization: request data reaching an object-creating loader, by every flow the analysis follows.
class SessionsController < ApplicationController
  def direct
    # ruleid: rb.unsafe-deserialization (flow: direct)
    state = Marshal.load(Base64.decode64(cookies[:state]))
    # ruleid: rb.unsafe-deserialization (flow: direct)
    obj = Oj.load(request.body.read, mode: :object)
    # ruleid: rb.unsafe-deserialization (flow: direct)
    obj2 = Oj.object_load(params[:payload])
    # ruleid: rb.unsafe-deserialization (flow: direct)
    data = JSON.load(params[:data])
    # ruleid: rb.unsafe-deserialization (flow: direct)
    data2 = JSON.parse(request.raw_post, create_additions: true)
    [state, obj, obj2, data, data2]
  end

  def assignments
    encoded = params[:blob]
    raw = Base64.urlsafe_decode64(encoded)
    bytes = raw
    # ruleid: rb.unsafe-deserialization (flow: assignments)
    Marshal.restore(bytes)
  end

  def building
    doc = params[:doc]
    # ruleid: rb.unsafe-deserialization (flow: string-building)
    JSON.load("{\"json_class\": \"#{doc}\"}")
    # ruleid: rb.unsafe-deserialization (flow: string-building)
    JSON.load(format("[%s]", doc))
    # ruleid: rb.unsafe-deserialization (flow: string-building)
    JSON.load("[" + doc + "]")
  end

  def container
    parts = { version: "1", payload: params[:payload] }
    # ok: rb.unsafe-deserialization (flow: container)
    Marshal.load(parts[:version])
    # ruleid: rb.unsafe-deserialization (flow: container)
    Marshal.load(parts[:payload])
  end

  def decode(value)
    return Base64.strict_decode64(value)
  end

  def restore(bytes)
    # ruleid: rb.unsafe-deserialization (flow: helper-function)
    Marshal.load(bytes)
  end

  def helper
    # ruleid: rb.unsafe-deserialization (flow: helper-function)
    Marshal.load(decode(params[:state]))
    restore(cookies[:cart])
    # ok: rb.unsafe-deserialization (flow: helper-function)
    Marshal.load(decode("BAgw"))
  end

  def receive
    @payload = request.body.read
    @defaults = "BAh7AA=="
  end

  def apply
    # ruleid: rb.unsafe-deserialization (flow: class-field)
    Oj.object_load(@payload)
    # ok: rb.unsafe-deserialization (flow: class-field)
    Marshal.load(Base64.decode64(@defaults))
  end

  def safe
    # ok: rb.unsafe-deserialization (flow: sanitized)
    state = Marshal.load(verifier.verify(cookies[:state]))
    # ok: rb.unsafe-deserialization (flow: sanitized)
    data = JSON.parse(params[:data])
    # ok: rb.unsafe-deserialization (flow: sanitized)
    obj = Oj.load(request.body.read, mode: :strict)
    # ok: rb.unsafe-deserialization (flow: sanitized)
    prefs = Marshal.load(cookies.signed[:prefs])
    # ok: rb.unsafe-deserialization (flow: number-conversion)
    count = JSON.load(params[:count].to_i.to_s)
    blob = params[:blob]
    blob = "\x04\b0"
    # ok: rb.unsafe-deserialization (flow: constant-overwrite)
    Marshal.load(blob)
    input = params[:input]
    if false
      input = params[:other]
    else
      input = "{}"
    end
    # ok: rb.unsafe-deserialization (flow: dead-branch)
    JSON.load(input)
    [state, data, obj, prefs, count]
  end

  def near_misses
    # ok: rb.unsafe-deserialization
    prefs = Marshal.restore(redis.get("prefs:#{current_user.id}"))
    # ok: rb.unsafe-deserialization
    blank = Marshal.load("\x04\b0")
    # ok: rb.unsafe-deserialization
    settings = YAML.safe_load(params[:yaml])
    # ok: rb.unsafe-deserialization
    copy = Marshal.load(Marshal.dump(@defaults))
    # ok: rb.unsafe-deserialization
    user = User.find(params[:id])
    [prefs, blank, settings, copy, user]
  end
end
