# Fixture for rb.nosql-injection: request data shaping a MongoDB query, by every flow the analysis follows.
require "mongo"

class AccountsController < ApplicationController
  def direct
    client = Mongo::Client.new(ENV["MONGO_URL"])
    # ruleid: rb.nosql-injection (flow: direct)
    user = client[:users].find(email: params[:email], password_digest: params[:digest]).first
    # ruleid: rb.nosql-injection (flow: direct)
    client[:sessions].delete_many(token: cookies[:token])
    # ruleid: rb.nosql-injection (flow: direct)
    orders = Order.collection.find("$where" => "this.owner == '#{params[:owner]}'")
    # ruleid: rb.nosql-injection (flow: direct)
    people = Person.any_of({ name: params[:q] }, { email: params[:q] })
    [user, orders, people]
  end

  def assignments
    filter = params[:filter]
    query = filter
    # ruleid: rb.nosql-injection (flow: assignments)
    Account.collection.find(query).to_a
  end

  def building
    owner = params[:owner]
    # ruleid: rb.nosql-injection (flow: string-building)
    Order.collection.find("$where" => "this.owner == '" + owner + "'")
    # ruleid: rb.nosql-injection (flow: string-building)
    Order.collection.find("$where": format("this.owner == '%s'", owner))
  end

  def container
    db = Mongo::Client.new(ENV["MONGO_URL"]).database
    criteria = { active: true, plan: params[:plan] }
    # ruleid: rb.nosql-injection (flow: container)
    db[:accounts].count_documents(criteria)
    # ok: rb.nosql-injection (flow: container)
    db[:accounts].count_documents(active: criteria[:active])
  end

  def by_owner(owner)
    return { owner: owner, archived: false }
  end

  def remove_for(who)
    # ruleid: rb.nosql-injection (flow: helper-function)
    Note.collection.delete_many(owner: who)
  end

  def helper
    # ruleid: rb.nosql-injection (flow: helper-function)
    Note.collection.find(by_owner(params[:owner]))
    remove_for(params[:who])
    # ok: rb.nosql-injection (flow: helper-function)
    Note.collection.find(by_owner("system"))
  end

  def load_scope
    @tenant = params[:tenant]
    @region = "eu"
  end

  def scoped
    # ruleid: rb.nosql-injection (flow: class-field)
    Invoice.collection.find(tenant: @tenant)
    # ok: rb.nosql-injection (flow: class-field)
    Invoice.collection.find(region: @region)
  end

  def sanitized
    # ok: rb.nosql-injection (flow: sanitized)
    Account.collection.find(email: params[:email].to_s)
    # ok: rb.nosql-injection (flow: sanitized)
    Account.collection.find(_id: BSON::ObjectId.from_string(params[:id]))
    # ok: rb.nosql-injection (flow: sanitized)
    Account.collection.find(name: String(params[:name]))
    # ok: rb.nosql-injection (flow: number-conversion)
    Account.collection.find(age: params[:age].to_i)
    plan = params[:plan]
    plan = "free"
    # ok: rb.nosql-injection (flow: constant-overwrite)
    Account.collection.find(plan: plan)
    status = params[:status]
    if false
      status = params[:other]
    else
      status = "active"
    end
    # ok: rb.nosql-injection (flow: dead-branch)
    Account.collection.find(status: status)
  end

  def near_misses
    # ok: rb.nosql-injection
    user = User.find(params[:id])
    # ok: rb.nosql-injection
    tags = params[:tags].find { |t| t.start_with?("a") }
    # ok: rb.nosql-injection
    accounts = Account.collection.find(active: true).limit(10)
    # ok: rb.nosql-injection
    recent = Account.where(name: params[:name])
    [user, tags, accounts, recent]
  end
end

get "/users" do
  # ruleid: rb.nosql-injection (flow: direct)
  settings.db[:users].find(name: params[:name]).first
end
