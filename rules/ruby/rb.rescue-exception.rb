# Fixture for rb.rescue-exception.
def run_job(job)
  begin
    job.perform
  # ruleid: rb.rescue-exception
  rescue Exception => e
    logger.error(e.message)
  end

  begin
    job.cleanup
  # ruleid: rb.rescue-exception
  rescue ::Exception
    false
  end

  begin
    job.notify
  # ruleid: rb.rescue-exception
  rescue Timeout::Error, Exception => e
    job.fail!(e)
  end
end

def safe(job)
  begin
    job.perform
  # ok: rb.rescue-exception
  rescue StandardError => e
    logger.error(e.message)
  end

  begin
    job.perform
  # ok: rb.rescue-exception
  rescue Exception => e
    logger.fatal(e.message)
    raise
  end

  begin
    job.perform
  # ok: rb.rescue-exception
  rescue MyApp::Exception => e
    logger.error(e.message)
  end
end
