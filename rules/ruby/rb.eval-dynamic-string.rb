# Fixture for rb.eval-dynamic-string.
class Formatter
  def call(options, key, value, name)
    # ruleid: rb.eval-dynamic-string
    eval("api.#{key} value")
    # ruleid: rb.eval-dynamic-string
    @name = eval('"' + format_string + '"')
    # ruleid: rb.eval-dynamic-string
    object.instance_eval("self.#{name} = #{value}")
  end

  def safe(name)
    # ok: rb.eval-dynamic-string
    eval("1 + 1")
    # ok: rb.eval-dynamic-string
    class_eval "def #{name}?; @#{name}; end", __FILE__, __LINE__
    # ok: rb.eval-dynamic-string
    instance_eval(&block)
    # ok: rb.eval-dynamic-string
    class_eval %{ def #{name}(*args); end }
    # ok: rb.eval-dynamic-string
    api.public_send(name, value)
    # ok: rb.eval-dynamic-string
    eval("compute_#{params[:op]}")
  end
end
