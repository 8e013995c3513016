# Fixture for rb.unsafe-reflection.
class ExportsController < ApplicationController
  def create
    # ruleid: rb.unsafe-reflection
    klass = params[:type].constantize
    # ruleid: rb.unsafe-reflection
    importer = "#{params[:kind].camelize}Importer".safe_constantize
    # ruleid: rb.unsafe-reflection
    result = report.send(params[:method], params[:arg])
    # ruleid: rb.unsafe-reflection
    value = @user.public_send(params.fetch(:field))
    # ruleid: rb.unsafe-reflection
    model = Object.const_get(params[:model])
    # ruleid: rb.unsafe-reflection
    format = params[:format].classify.constantize
    render json: [klass, importer, result, value, model, format]
  end

  def safe
    # ok: rb.unsafe-reflection
    klass = "Admin::#{controller_name.classify}".constantize
    # ok: rb.unsafe-reflection
    exporter = EXPORTERS.fetch(params[:type])
    # ok: rb.unsafe-reflection
    value = @user.public_send(:name)
    # ok: rb.unsafe-reflection
    mailer.send(:deliver_now)
    # ok: rb.unsafe-reflection
    counter = Object.const_get("Counter")
    # ok: rb.unsafe-reflection
    UserMailer.send(params[:id].to_i)
    [klass, exporter, value, counter]
  end
end
