# Fixture for rb.csrf-protection-disabled.
class PaymentsController < ApplicationController
  # ruleid: rb.csrf-protection-disabled
  skip_before_action :verify_authenticity_token
  # ruleid: rb.csrf-protection-disabled
  skip_before_action :verify_authenticity_token, only: [:create]
  # ruleid: rb.csrf-protection-disabled
  skip_forgery_protection
  # ok: rb.csrf-protection-disabled
  protect_from_forgery with: :exception
  # ok: rb.csrf-protection-disabled
  skip_before_action :authenticate_user!, only: [:index]

  def self.skip_forgery_protection(options = {})
    # ok: rb.csrf-protection-disabled
    skip_before_action :verify_authenticity_token, options
  end
end

Rails.application.configure do
  # ruleid: rb.csrf-protection-disabled
  config.action_controller.allow_forgery_protection = false
  # ok: rb.csrf-protection-disabled
  config.action_controller.allow_forgery_protection = true
end
