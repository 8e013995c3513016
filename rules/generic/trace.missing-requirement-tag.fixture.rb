# frozen_string_literal: true
# Dose calculator.

# ruleid: trace.missing-requirement-tag
module Dose
  def self.per_kg(weight) = weight * 0.1
end
