# Fixture for rb.unsafe-deserialization.
class SessionsController < ApplicationController
  def restore
    # ruleid: rb.unsafe-deserialization
    state = Marshal.load(Base64.decode64(cookies[:state]))
    # ok: rb.unsafe-deserialization
    prefs = Marshal.restore(redis.get("prefs:#{current_user.id}"))
    # ruleid: rb.unsafe-deserialization
    obj = Oj.load(request.body.read, mode: :object)
    # ruleid: rb.unsafe-deserialization
    obj2 = Oj.object_load(params[:payload])
    # ruleid: rb.unsafe-deserialization
    data = JSON.load(params[:data])
    # ruleid: rb.unsafe-deserialization
    data2 = JSON.parse(request.body.read, create_additions: true)
    [state, prefs, obj, obj2, data, data2]
  end

  def safe
    # ok: rb.unsafe-deserialization
    data = JSON.parse(params[:data])
    # ok: rb.unsafe-deserialization
    obj = Oj.load(request.body.read, mode: :strict)
    # ok: rb.unsafe-deserialization
    token = verifier.verify(cookies[:state])
    # ok: rb.unsafe-deserialization
    blank = Marshal.load("\x04\b0")
    # ok: rb.unsafe-deserialization
    settings = YAML.safe_load(params[:yaml])
    # ok: rb.unsafe-deserialization
    copy = Marshal.load(Marshal.dump(@defaults))
    [data, obj, token, blank, settings]
  end
end
