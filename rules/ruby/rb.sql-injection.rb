# Fixture for rb.sql-injection: request data reaching the text of a SQL statement, by every flow the analysis follows.
class UsersController < ApplicationController
  SORTABLE = { "name" => "name", "date" => "created_at" }.freeze

  def direct
    # ruleid: rb.sql-injection (flow: direct)
    @users = User.where("name = '#{params[:name]}'")
    # ruleid: rb.sql-injection (flow: direct)
    @users = User.order(params[:sort])
    # ruleid: rb.sql-injection (flow: direct)
    rows = ActiveRecord::Base.connection.execute("DELETE FROM users WHERE id = #{params[:id]}")
    # ruleid: rb.sql-injection (flow: direct)
    @posts = Post.find_by_sql("SELECT * FROM posts WHERE title LIKE '%#{params.fetch(:q)}%'")
    # ruleid: rb.sql-injection (flow: direct)
    fields = User.select("id, #{request.headers['X-Fields']}")
    # ruleid: rb.sql-injection (flow: direct)
    found = User.find_by("email = '" + cookies[:email] + "'")
    render json: [rows, fields, found]
  end

  def assignments
    name = params[:user][:name]
    who = name
    condition = "name LIKE '%#{who}%'"
    # ruleid: rb.sql-injection (flow: assignments)
    matches = User.where(condition)
    # ok: rb.sql-injection (flow: assignments)
    same = User.where("name LIKE ?", "%#{who}%")
    filters = params.require(:filter).permit(:column)
    column = filters[:column]
    # ruleid: rb.sql-injection (flow: assignments)
    totals = User.group(column).count
    render json: [matches, same, totals]
  end

  def building
    term = params[:q]
    # ruleid: rb.sql-injection (flow: string-building)
    User.where("name = '" + term + "' AND active")
    # ruleid: rb.sql-injection (flow: string-building)
    User.where(format("name = '%s'", term))
    # ruleid: rb.sql-injection (flow: string-building)
    User.where("name = '%s'" % [term])
    ids = [term, "1"].join(",")
    # ruleid: rb.sql-injection (flow: string-building)
    User.where("id IN (#{ids})")
    sql = "SELECT * FROM users WHERE "
    sql += "name = '#{term}'"
    # ruleid: rb.sql-injection (flow: string-building)
    ActiveRecord::Base.connection.select_all(sql)
    # ruleid: rb.sql-injection (flow: string-building)
    User.where(["name = '#{term}'"])
  end

  def container
    opts = { sort: params[:sort], dir: "ASC" }
    # ok: rb.sql-injection (flow: container)
    User.order("created_at #{opts[:dir]}")
    # ruleid: rb.sql-injection (flow: container)
    User.order("#{opts[:sort]} #{opts[:dir]}")
    parts = []
    parts.push("name = '#{params[:name]}'")
    # ruleid: rb.sql-injection (flow: container)
    User.where(parts.join(" AND "))
  end

  def where_name(value)
    return "name = '#{value}'"
  end

  def run_query(where)
    # ruleid: rb.sql-injection (flow: helper-function)
    User.where("active AND " + where)
  end

  def helper
    # ruleid: rb.sql-injection (flow: helper-function)
    User.where(where_name(params[:n]))
    run_query(params[:w])
    # ok: rb.sql-injection (flow: helper-function)
    User.where(where_name("admin"))
  end

  def load_filter
    @owner = params[:owner]
    @title = "monthly"
  end

  def report
    # ruleid: rb.sql-injection (flow: class-field)
    Report.where("owner = '#{@owner}'")
    # ok: rb.sql-injection (flow: class-field)
    Report.where("title = '#{@title}'")
  end

  def sanitized
    # ok: rb.sql-injection (flow: sanitized)
    @users = User.where("name = ?", params[:name])
    # ok: rb.sql-injection (flow: sanitized)
    @users = User.where(name: params[:name])
    # ok: rb.sql-injection (flow: sanitized)
    @users = User.where("name = :name", name: params[:name])
    # ok: rb.sql-injection (flow: sanitized)
    @users = User.order(SORTABLE.fetch(params[:sort], "created_at"))
    quoted = ActiveRecord::Base.connection.quote(params[:name])
    # ok: rb.sql-injection (flow: sanitized)
    @users = User.where("name = #{quoted}")
    # ok: rb.sql-injection (flow: sanitized)
    @users = User.where(User.sanitize_sql_array(["name = ?", params[:name]]))
    # ok: rb.sql-injection (flow: sanitized)
    @posts = Post.find_by_sql(["SELECT * FROM posts WHERE title = ?", params[:title]])
  end

  def allow_listed
    column = User.column_names.include?(params[:sort]) ? params[:sort] : "created_at"
    direction = %w[asc desc].include?(params[:dir]) ? params[:dir] : "asc"
    # ok: rb.sql-injection (flow: sanitized)
    @users = User.order("#{column} #{direction}")
    if SORTABLE.key?(params[:by]) && ALLOWED.include?(params[:by])
      # ok: rb.sql-injection (flow: sanitized)
      @users = User.order(params[:by])
    end
    group = params[:group]
    return head(:bad_request) unless GROUPS.include?(group)
    # ok: rb.sql-injection (flow: sanitized)
    User.group(group).count
  end

  def guarded
    sort = params[:sort]
    if SORTABLE.key?(sort)
      # ok: rb.sql-injection (flow: guard)
      @users = User.order("#{sort} desc")
    end
    # ruleid: rb.sql-injection (flow: guard)
    @users = User.order("#{sort} desc")
    column = params[:column]
    return head(:bad_request) unless User.column_names.include?(column)
    # ok: rb.sql-injection (flow: guard)
    @users = User.order(column)
    login = params[:login]
    if login =~ /\A[a-z0-9_-]+\z/
      # ok: rb.sql-injection (flow: guard)
      @users = User.where("login = '#{login}'")
    end
    if login.match?(/^[a-z0-9_-]+$/)
      # ruleid: rb.sql-injection (flow: guard)
      @users = User.where("login = '#{login}'")
    end
    if login.match?(/\A[0-z]+\z/)
      # ruleid: rb.sql-injection (flow: guard)
      @users = User.where("login = '#{login}'")
    end
    q = params[:q]
    return head(:bad_request) if q.include?("'")
    # ruleid: rb.sql-injection (flow: guard)
    @users = User.where("name = '#{q}'")
    if "name email".include?(q)
      # ruleid: rb.sql-injection (flow: guard)
      @users = User.order(q)
    end
    # A check of one of the request's own values leaves the others (and itself after the `if`) as they were.
    if SORTABLE.key?(params[:by])
      @by = params[:by]
    end
    # ruleid: rb.sql-injection (flow: guard)
    @users = User.order(params[:by])
    group = params[:group]
    # ruleid: rb.sql-injection (flow: guard)
    @users = User.group(group)
  end

  def numbers
    # ok: rb.sql-injection (flow: number-conversion)
    @users = User.where("id = #{params[:id].to_i}")
    limit = Integer(params[:limit])
    # ok: rb.sql-injection (flow: number-conversion)
    @users = User.where("rank < #{limit}")
    # ok: rb.sql-injection (flow: number-conversion)
    @users = User.where("active = #{params[:active].present?}")
  end

  def constant
    order = params[:order]
    order = "name"
    # ok: rb.sql-injection (flow: constant-overwrite)
    User.order(order)
    table = params[:t]
    if false
      table = params[:other]
    else
      table = "users"
    end
    # ok: rb.sql-injection (flow: dead-branch)
    User.from(table)
  end

  def near_misses
    # ok: rb.sql-injection
    @users = User.where("#{User.table_name}.active = ?", true)
    # ok: rb.sql-injection
    value = settings.fetch("key_#{params[:name]}", nil)
    # ok: rb.sql-injection
    exists = User.exists?(params[:id])
    # ok: rb.sql-injection
    user = User.find(params[:id])
    # ok: rb.sql-injection
    @users = User.where(id: user.friend_ids).order(:name)
    # ok: rb.sql-injection
    picked = params[:tags].select { |t| t.start_with?("a") }
    [value, exists, picked]
  end

  def search(params: {})
    # ok: rb.sql-injection
    User.where("name = '#{params[:name]}'")
  end

  def self.lookup(request)
    # ok: rb.sql-injection
    User.where("token = '#{request.headers['X-Token']}'")
  end
end

DB = Sequel.connect(ENV["DATABASE_URL"])
get "/items" do
  # ruleid: rb.sql-injection (flow: direct)
  DB.fetch("SELECT * FROM items WHERE owner = '#{params[:owner]}'").all
  # ruleid: rb.sql-injection (flow: direct)
  DB.run("DELETE FROM items WHERE id = " + params[:id])
  # ruleid: rb.sql-injection (flow: direct)
  DB["SELECT * FROM items WHERE name = '#{params[:name]}'"].all
  # ok: rb.sql-injection (flow: sanitized)
  DB["SELECT * FROM items WHERE name = ?", params[:name]].all
  # ok: rb.sql-injection (flow: sanitized)
  DB.fetch("SELECT * FROM items WHERE owner = ?", params[:owner]).all
end

get "/items/:name" do |name|
  conn = PG.connect(dbname: "shop")
  # ruleid: rb.sql-injection (flow: direct)
  conn.exec("SELECT * FROM items WHERE name = '#{name}'")
  # ok: rb.sql-injection (flow: sanitized)
  conn.exec_params("SELECT * FROM items WHERE name = $1", [name])
end
