# Fixture for rb.rescue-modifier-nil.
def parse(value, record)
  # ruleid: rb.rescue-modifier-nil
  number = Integer(value) rescue nil
  # ruleid: rb.rescue-modifier-nil
  owner = record.project.owner.name rescue nil
  # ruleid: rb.rescue-modifier-nil
  data = JSON.parse(value) rescue {}
  # ok: rb.rescue-modifier-nil
  number2 = Integer(value, exception: false)
  # ok: rb.rescue-modifier-nil
  owner2 = record&.project&.owner&.name
  # ok: rb.rescue-modifier-nil
  count = Integer(value) rescue 0
  [number, owner, data, number2, owner2, count]
end
