# Fixture for rb.sql-injection.
class UsersController < ApplicationController
  def index
    # ruleid: rb.sql-injection
    @users = User.where("name = '#{params[:name]}'")
    # ruleid: rb.sql-injection
    @users = User.order(params[:sort] + " ASC")
    # ruleid: rb.sql-injection
    @users = User.order(params[:sort])
    # ruleid: rb.sql-injection
    rows = ActiveRecord::Base.connection.execute("DELETE FROM users WHERE id = #{params[:id]}")
    # ruleid: rb.sql-injection
    @posts = Post.find_by_sql("SELECT * FROM posts WHERE title LIKE '%#{params.fetch(:q)}%'")
    # ruleid: rb.sql-injection
    total = User.group("#{params[:group]}").count
    # ruleid: rb.sql-injection
    found = User.exists?("email = '" + cookies[:email] + "'")
    # ruleid: rb.sql-injection
    ok = User.select("id, #{request.headers['X-Fields']}")
    condition = "name LIKE '%#{params[:q]}%'"
    # ruleid: rb.sql-injection
    matches = User.where(condition)
    render json: [rows, total, found, ok]
  end

  def safe
    # ok: rb.sql-injection
    @users = User.where("name = ?", params[:name])
    # ok: rb.sql-injection
    @users = User.where(name: params[:name])
    # ok: rb.sql-injection
    @users = User.where("id = #{params[:id].to_i}")
    # ok: rb.sql-injection
    @users = User.where("#{User.table_name}.active = ?", true)
    # ok: rb.sql-injection
    value = settings.fetch("key_#{params[:name]}", nil)
    # ok: rb.sql-injection
    @users = User.order(SORTABLE.fetch(params[:sort], :created_at))
    condition = "name LIKE ?"
    # ok: rb.sql-injection
    @users = User.where(condition, "%#{params[:q]}%")
    value
  end
end

DB = Sequel.connect(ENV["DATABASE_URL"])
get "/items" do
  # ruleid: rb.sql-injection
  DB.fetch("SELECT * FROM items WHERE owner = '#{params[:owner]}'").all
  # ruleid: rb.sql-injection
  DB.run("DELETE FROM items WHERE id = " + params[:id])
  # ruleid: rb.sql-injection
  DB["SELECT * FROM items WHERE name = '#{params[:name]}'"].all
  # ok: rb.sql-injection
  DB["SELECT * FROM items WHERE name = ?", params[:name]].all
  # ok: rb.sql-injection
  DB.fetch("SELECT * FROM items WHERE owner = ?", params[:owner]).all
end
