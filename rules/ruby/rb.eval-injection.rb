# Fixture for rb.eval-injection: request data reaching eval, by every flow the analysis follows.
class CalculatorController < ApplicationController
  def direct
    # ruleid: rb.eval-injection (flow: direct)
    result = eval(params[:expr])
    # ruleid: rb.eval-injection (flow: direct)
    User.class_eval("def #{params[:name]}; end")
    # ruleid: rb.eval-injection (flow: direct)
    record.instance_eval(request.headers["X-Code"])
    # ruleid: rb.eval-injection (flow: direct)
    binding.eval(request.body.read)
    handler = params[:handler]
    # ok: rb.eval-injection (flow: direct)
    record.instance_eval(&handler)
    render plain: result.to_s
  end

  def assignments
    expr = params[:expr]
    code = expr
    # ruleid: rb.eval-injection (flow: assignments)
    value = eval(code)
    render plain: value.to_s
  end

  def building
    op = params.fetch(:op)
    # ruleid: rb.eval-injection (flow: string-building)
    eval("compute_" + op)
    # ruleid: rb.eval-injection (flow: string-building)
    eval("#{params[:a]} + #{params[:b]}")
    # ruleid: rb.eval-injection (flow: string-building)
    Object.module_eval(format("X = %s", op))
    # ruleid: rb.eval-injection (flow: string-building)
    eval([op, "(1)"].join)
  end

  def container
    calc = { left: "1", right: params[:right] }
    # ok: rb.eval-injection (flow: container)
    eval("#{calc[:left]} + 1")
    # ruleid: rb.eval-injection (flow: container)
    eval("#{calc[:left]} + #{calc[:right]}")
  end

  def wrap(code)
    return "lambda { #{code} }"
  end

  def evaluate(code)
    # ruleid: rb.eval-injection (flow: helper-function)
    eval(code)
  end

  def helper
    # ruleid: rb.eval-injection (flow: helper-function)
    eval(wrap(params[:code])).call
    evaluate(params[:code])
    # ok: rb.eval-injection (flow: helper-function)
    eval(wrap("1 + 1")).call
  end

  def store
    @formula = params[:formula]
    @unit = "cm"
  end

  def compute
    # ruleid: rb.eval-injection (flow: class-field)
    eval(@formula)
    # ok: rb.eval-injection (flow: class-field)
    eval("UNITS[:#{@unit}]")
  end

  def safe
    # ok: rb.eval-injection (flow: number-conversion)
    eval("#{params[:a].to_i} + #{params[:b].to_f}")
    n = Integer(params[:n])
    # ok: rb.eval-injection (flow: number-conversion)
    eval("FACTORS[#{n}]")
    # ok: rb.eval-injection (flow: sanitized)
    eval(OPERATIONS.fetch(params[:op]))
    code = params[:code]
    code = "1 + 1"
    # ok: rb.eval-injection (flow: constant-overwrite)
    eval(code)
    snippet = params[:snippet]
    if false
      snippet = params[:other]
    else
      snippet = "nil"
    end
    # ok: rb.eval-injection (flow: dead-branch)
    eval(snippet)
  end

  def near_misses
    # ok: rb.eval-injection
    two = eval("1 + 1")
    # ok: rb.eval-injection
    record.instance_eval { @secret = nil }
    # ok: rb.eval-injection
    record.instance_exec(params[:id]) { |id| find(id) }
    # ok: rb.eval-injection
    data = JSON.parse(params[:json])
    # ok: rb.eval-injection
    calculator.public_send(:add, 1, 2)
    # ok: rb.eval-injection
    page.evaluate_script("window.scrollTo(0, #{params[:y]})")
    # ok: rb.eval-injection
    page.execute_script("document.title = '#{params[:t]}'")
    # ok: rb.eval-injection
    # eval(params[:expr]) used to be here
    # ok: rb.eval-injection
    doc = "never eval(params[:expr])"
    [two, data, doc]
  end
end
