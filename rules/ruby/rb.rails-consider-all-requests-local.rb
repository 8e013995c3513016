# Fixture for rb.rails-consider-all-requests-local (stands for config/environments/production.rb).
Rails.application.configure do
  config.cache_classes = true
  # ruleid: rb.rails-consider-all-requests-local
  config.consider_all_requests_local = true
  # ruleid: rb.rails-consider-all-requests-local
  config.consider_all_requests_local       = true
  # ruleid: rb.rails-consider-all-requests-local
  Rails.application.config.consider_all_requests_local = true
  # ok: rb.rails-consider-all-requests-local
  config.consider_all_requests_local = false
  # ok: rb.rails-consider-all-requests-local
  config.consider_all_requests_local = ENV["DEBUG_ERRORS"] == "1"
  # ok: rb.rails-consider-all-requests-local
  config.action_controller.perform_caching = true
end
