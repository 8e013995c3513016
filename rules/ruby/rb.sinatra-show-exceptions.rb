# Fixture for rb.sinatra-show-exceptions.
require "sinatra/base"

class App < Sinatra::Base
  # ruleid: rb.sinatra-show-exceptions
  set :show_exceptions, true
  # ruleid: rb.sinatra-show-exceptions
  enable :raise_errors
  # ruleid: rb.sinatra-show-exceptions
  enable :show_exceptions
  # ok: rb.sinatra-show-exceptions
  set :show_exceptions, false

  configure :development do
    # ok: rb.sinatra-show-exceptions
    set :show_exceptions, true
  end

  configure :test do
    # ok: rb.sinatra-show-exceptions
    enable :raise_errors
  end

  # ok: rb.sinatra-show-exceptions
  set :public_folder, "public"
end
