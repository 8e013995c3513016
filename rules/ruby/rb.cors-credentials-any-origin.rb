# Fixture for rb.cors-credentials-any-origin.
Rails.application.config.middleware.insert_before 0, Rack::Cors do
  allow do
    # ruleid: rb.cors-credentials-any-origin
    origins "*"
    resource "*", headers: :any, methods: [:get, :post], credentials: true
  end

  allow do
    # ruleid: rb.cors-credentials-any-origin
    origins { |source, env| true }
    resource "/api/*", headers: :any, credentials: true
  end

  allow do
    # ruleid: rb.cors-credentials-any-origin
    origins /.*/
    resource "/graphql", methods: :post, credentials: true
  end

  allow do
    # ok: rb.cors-credentials-any-origin
    origins "https://app.example.com", "https://admin.example.com"
    resource "*", headers: :any, credentials: true
  end

  allow do
    # ok: rb.cors-credentials-any-origin
    origins "*"
    resource "/public/*", headers: :any, methods: :get
  end
end

class ApiController < ApplicationController
  def set_cors
    # ruleid: rb.cors-credentials-any-origin
    response.headers["Access-Control-Allow-Origin"] = request.headers["Origin"]
    response.headers["Access-Control-Allow-Credentials"] = "true"
  end

  def set_public_cors
    # ok: rb.cors-credentials-any-origin
    response.headers["Access-Control-Allow-Origin"] = "*"
  end
end
