# Fixture for rb.empty-rescue.
def load_settings
  begin
    parse_settings
  # ruleid: rb.empty-rescue
  rescue => e
  end

  begin
    connect!
  # ruleid: rb.empty-rescue
  rescue
  end

  begin
    shutdown
  # ruleid: rb.empty-rescue
  rescue Exception
  end
end

def safe
  error = nil
  result = run_callbacks(:call) do
    app.call
  # ok: rb.empty-rescue
  rescue => error
  end
  raise error if error

  begin
    File.delete(lock_path)
  # ok: rb.empty-rescue
  rescue Errno::ENOENT
  end

  begin
    parse_settings
  # ok: rb.empty-rescue
  rescue => e
    Rails.logger.warn("settings: #{e.message}")
  end

  begin
    warm_cache
  # ok: rb.empty-rescue
  rescue StandardError
    # the cache is optional: a cold start is fine
  end
end
