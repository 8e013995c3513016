# Fixture for code.todo-marker.
class Ward
  # ruleid: code.todo-marker
  # XXX remove once the migration ran
  def beds = 12

  # ok: code.todo-marker
  # todos are shown on the dashboard
  def todos = []
end
