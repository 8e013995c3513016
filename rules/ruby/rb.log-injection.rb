# Fixture for rb.log-injection: request data reaching a log message, by every flow the analysis follows.
class SessionsController < ApplicationController
  def direct
    # ruleid: rb.log-injection (flow: direct)
    Rails.logger.info "Login attempt for #{params[:email]}"
    # ruleid: rb.log-injection (flow: direct)
    logger.warn("Bad token from " + request.headers["X-Client"])
    # ruleid: rb.log-injection (flow: direct)
    Rails.logger.error(request.user_agent)
    # ruleid: rb.log-injection (flow: direct)
    logger.add(Logger::INFO, "referer=#{request.referer}")
  end

  def assignments
    email = params[:session][:email]
    who = email
    # ruleid: rb.log-injection (flow: assignments)
    Rails.logger.info("failed login: #{who}")
  end

  def building
    name = params[:name]
    # ruleid: rb.log-injection (flow: string-building)
    logger.info("user " + name + " signed out")
    # ruleid: rb.log-injection (flow: string-building)
    logger.info(format("user %s signed out", name))
    # ruleid: rb.log-injection (flow: string-building)
    logger.info(["signed out:", name].join(" "))
  end

  def container
    event = { kind: "login", user: params[:user] }
    # ok: rb.log-injection (flow: container)
    logger.info("event #{event[:kind]}")
    # ruleid: rb.log-injection (flow: container)
    logger.info("event #{event[:kind]} by #{event[:user]}")
  end

  def describe(user)
    return "user=#{user}"
  end

  def audit(message)
    # ruleid: rb.log-injection (flow: helper-function)
    Rails.logger.info("[audit] #{message}")
  end

  def helper
    # ruleid: rb.log-injection (flow: helper-function)
    logger.info(describe(params[:user]))
    audit(params[:action_note])
    # ok: rb.log-injection (flow: helper-function)
    logger.info(describe("system"))
  end

  def remember
    @login = params[:login]
    @stage = "otp"
  end

  def report
    # ruleid: rb.log-injection (flow: class-field)
    logger.info("OTP failed for #{@login}")
    # ok: rb.log-injection (flow: class-field)
    logger.info("stage #{@stage} failed")
  end

  def sanitized
    # ok: rb.log-injection (flow: sanitized)
    logger.info("login #{params[:email].inspect}")
    # ok: rb.log-injection (flow: sanitized)
    logger.info("login #{params[:email].gsub(/[\r\n]/, ' ')}")
    # ok: rb.log-injection (flow: sanitized)
    logger.info("params: #{params}")
    # ok: rb.log-injection (flow: sanitized)
    logger.info("payload #{params[:payload].to_json}")
    # ok: rb.log-injection (flow: number-conversion)
    logger.info("page #{params[:page].to_i}")
    who = params[:who]
    who = "anonymous"
    # ok: rb.log-injection (flow: constant-overwrite)
    logger.info("user #{who}")
    role = params[:role]
    if false
      role = params[:other]
    else
      role = "guest"
    end
    # ok: rb.log-injection (flow: dead-branch)
    logger.info("role #{role}")
  end

  def near_misses
    user = User.find_by(email: params[:email])
    # ok: rb.log-injection
    logger.info("login for user #{user.id}")
    # ok: rb.log-injection
    logger.info("search returned #{params[:q].size} characters")
    # ok: rb.log-injection
    logger.debug { "loaded #{User.count} users" }
    # ok: rb.log-injection
    notifier.info("signed in: #{params[:email]}")
  end
end
