# Fixture for rb.unsafe-reflection: request data choosing a method or class, by every flow the analysis follows.
class ExportsController < ApplicationController
  EXPORTERS = { "csv" => CsvExporter, "pdf" => PdfExporter }.freeze

  def direct
    # ruleid: rb.unsafe-reflection (flow: direct)
    klass = params[:type].constantize
    # ruleid: rb.unsafe-reflection (flow: direct)
    result = report.send(params[:method], params[:arg])
    # ruleid: rb.unsafe-reflection (flow: direct)
    value = @user.public_send(params.fetch(:field))
    # ruleid: rb.unsafe-reflection (flow: direct)
    model = Object.const_get(params[:model])
    # ruleid: rb.unsafe-reflection (flow: direct)
    format = params[:format].classify.constantize
    # ruleid: rb.unsafe-reflection (flow: direct)
    handler = method(request.headers["X-Action"])
    render json: [klass, result, value, model, format, handler]
  end

  def assignments
    kind = params[:kind]
    name = kind.camelize
    # ruleid: rb.unsafe-reflection (flow: assignments)
    name.safe_constantize.new.run
  end

  def building
    kind = params[:kind]
    # ruleid: rb.unsafe-reflection (flow: string-building)
    importer = "#{kind.camelize}Importer".safe_constantize
    # ruleid: rb.unsafe-reflection (flow: string-building)
    record.send("export_" + kind)
    # ruleid: rb.unsafe-reflection (flow: string-building)
    record.send(format("%s_total", kind))
    importer
  end

  def container
    call = { target: "summary", action: params[:action_name] }
    # ok: rb.unsafe-reflection (flow: container)
    report.public_send(call[:target])
    # ruleid: rb.unsafe-reflection (flow: container)
    report.public_send(call[:action])
  end

  def class_name_for(kind)
    return "Exports::#{kind.camelize}"
  end

  def invoke(name)
    # ruleid: rb.unsafe-reflection (flow: helper-function)
    report.send(name)
  end

  def helper
    # ruleid: rb.unsafe-reflection (flow: helper-function)
    class_name_for(params[:kind]).constantize
    invoke(params[:op])
    # ok: rb.unsafe-reflection (flow: helper-function)
    class_name_for("csv").constantize
  end

  def pick
    @sort_method = params[:sort]
    @default_sort = "by_date"
  end

  def sorted
    # ruleid: rb.unsafe-reflection (flow: class-field)
    Post.public_send(@sort_method)
    # ok: rb.unsafe-reflection (flow: class-field)
    Post.public_send(@default_sort)
  end

  def safe
    # ok: rb.unsafe-reflection (flow: sanitized)
    exporter = EXPORTERS.fetch(params[:type]).new
    # ok: rb.unsafe-reflection (flow: sanitized)
    klass = EXPORTERS[params[:type]]
    # ok: rb.unsafe-reflection (flow: number-conversion)
    UserMailer.send(params[:id].to_i)
    op = params[:op]
    op = "summary"
    # ok: rb.unsafe-reflection (flow: constant-overwrite)
    report.send(op)
    name = params[:name]
    if false
      name = params[:other]
    else
      name = "Report"
    end
    # ok: rb.unsafe-reflection (flow: dead-branch)
    name.constantize
    [exporter, klass]
  end

  def near_misses
    # ok: rb.unsafe-reflection
    klass = "Admin::#{controller_name.classify}".constantize
    # ok: rb.unsafe-reflection
    value = @user.public_send(:name)
    # ok: rb.unsafe-reflection
    mailer.send(:deliver_now)
    # ok: rb.unsafe-reflection
    counter = Object.const_get("Counter")
    # ok: rb.unsafe-reflection
    email = @user.try(:email)
    # ok: rb.unsafe-reflection
    UserMailer.welcome(params[:email]).deliver_later
    [klass, value, counter, email]
  end
end
