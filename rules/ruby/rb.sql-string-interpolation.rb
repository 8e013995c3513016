# Fixture for rb.sql-string-interpolation.
class Report < ApplicationRecord
  def self.by_status(status, column)
    # ruleid: rb.sql-string-interpolation
    where("status = '#{status}'")
    # ruleid: rb.sql-string-interpolation
    order("#{column} DESC")
    # ruleid: rb.sql-string-interpolation
    connection.select_all("SELECT * FROM reports WHERE owner = '" + owner_name + "'")
    # ruleid: rb.sql-string-interpolation
    connection.execute("UPDATE reports SET state = '#{@state}'")
  end

  def self.safe(status, ids)
    # ok: rb.sql-string-interpolation
    where("status = ?", status)
    # ok: rb.sql-string-interpolation
    where("#{table_name}.status = ?", status)
    # ok: rb.sql-string-interpolation
    where("#{Issue.table_name}.project_id IN (#{ids.map(&:to_i).join(',')})")
    # ok: rb.sql-string-interpolation
    where("active = #{connection.quoted_true}")
    # ok: rb.sql-string-interpolation
    where("name = '#{params[:name]}'")
    # ok: rb.sql-string-interpolation
    logger.info("status = '#{status}'")
  end
end
