# Fixture for rb.eval-injection.
class CalculatorController < ApplicationController
  def show
    # ruleid: rb.eval-injection
    result = eval(params[:expr])
    # ruleid: rb.eval-injection
    value = eval("#{params[:a]} + #{params[:b]}")
    # ruleid: rb.eval-injection
    User.class_eval("def #{params[:name]}; end")
    # ruleid: rb.eval-injection
    record.instance_eval(request.headers["X-Code"])
    # ruleid: rb.eval-injection
    eval("compute_" + params.fetch(:op))
    render plain: result.to_s
  end

  def safe
    # ok: rb.eval-injection
    two = eval("1 + 1")
    # ok: rb.eval-injection
    record.instance_eval { @secret = nil }
    # ok: rb.eval-injection
    record.instance_exec(params[:id], &block)
    # ok: rb.eval-injection
    data = JSON.parse(params[:json])
    # ok: rb.eval-injection
    calculator.public_send(:add, 1, 2)
    # ok: rb.eval-injection
    class_eval <<-RUBY, __FILE__, __LINE__ + 1
      def #{name}; @#{name}; end
    RUBY
    # ok: rb.eval-injection
    page.execute_script("window.scrollTo(0, #{params[:y].to_i})")
    # ok: rb.eval-injection
    # eval(params[:expr]) used to be here
    # ok: rb.eval-injection
    doc = "never eval(params[:expr])"
  end
end
