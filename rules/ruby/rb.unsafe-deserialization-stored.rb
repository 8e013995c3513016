# Fixture for rb.unsafe-deserialization-stored.
class ReportCache
  def read(key)
    # ruleid: rb.unsafe-deserialization-stored
    Marshal.load(redis.get("report:#{key}"))
  end

  def read_file(path)
    # ruleid: rb.unsafe-deserialization-stored
    obj = Marshal.load(File.binread(path))
    # ruleid: rb.unsafe-deserialization-stored
    data = Oj.load(message.body, mode: :object)
    # ruleid: rb.unsafe-deserialization-stored
    doc = JSON.load(upload.read)
    [obj, data, doc]
  end

  def safe(path)
    # ok: rb.unsafe-deserialization-stored
    copy = Marshal.load(Marshal.dump(@defaults))
    # ok: rb.unsafe-deserialization-stored
    data = JSON.parse(File.read(path))
    # ok: rb.unsafe-deserialization-stored
    state = Marshal.load(Base64.decode64(params[:state]))
    # ok: rb.unsafe-deserialization-stored
    strict = Oj.load(message.body, mode: :strict)
    [copy, data, state, strict]
  end
end
