# Fixture for rb.template-injection: request data becoming template source, by every flow the analysis follows.
require "erb"

class PagesController < ApplicationController
  def direct
    # ruleid: rb.template-injection (flow: direct)
    html = ERB.new(params[:template]).result(binding)
    # ruleid: rb.template-injection (flow: direct)
    render inline: params[:body]
    # ruleid: rb.template-injection (flow: direct)
    Haml::Engine.new("%p " + request.body.read).render
    # ruleid: rb.template-injection (flow: direct)
    render inline: "<h1>#{cookies[:title]}</h1>", layout: true
    html
  end

  def assignments
    source = params[:template]
    template = source
    # ruleid: rb.template-injection (flow: assignments)
    Erubi::Engine.new(template).src
  end

  def building
    greeting = params[:greeting]
    # ruleid: rb.template-injection (flow: string-building)
    render inline: "<p>" + greeting + ", <%= current_user.name %></p>"
    # ruleid: rb.template-injection (flow: string-building)
    ERB.new(format("<p>%s</p>", greeting)).result(binding)
    # ruleid: rb.template-injection (flow: string-building)
    ERB.new(["<p>", greeting, "</p>"].join).result(binding)
    body = "<div>"
    body += greeting
    # ruleid: rb.template-injection (flow: string-building)
    render inline: body
  end

  def container
    parts = { header: "<h1>Mail</h1>", footer: params[:footer] }
    # ok: rb.template-injection (flow: container)
    render inline: parts[:header]
    # ruleid: rb.template-injection (flow: container)
    render inline: "#{parts[:header]}#{parts[:footer]}"
  end

  def wrap(body)
    return "<html><body>#{body}</body></html>"
  end

  def compile(source)
    # ruleid: rb.template-injection (flow: helper-function)
    ERB.new(source).result(binding)
  end

  def helper
    # ruleid: rb.template-injection (flow: helper-function)
    render inline: wrap(params[:body])
    compile(params[:source])
    # ok: rb.template-injection (flow: helper-function)
    render inline: wrap("<%= @page.body %>")
  end

  def load_layout
    @layout_source = params[:layout]
    @signature = "<p>The team</p>"
  end

  def show
    # ruleid: rb.template-injection (flow: class-field)
    render inline: @layout_source
    # ok: rb.template-injection (flow: class-field)
    render inline: @signature
  end

  def safe
    # ok: rb.template-injection (flow: sanitized)
    html = ERB.new(File.read(Rails.root.join("app/templates/mail.erb"))).result(binding)
    # ok: rb.template-injection (flow: sanitized)
    render inline: "<h1><%= title %></h1>", locals: { title: params[:title] }
    # ok: rb.template-injection (flow: sanitized)
    text = ERB.new("Hello <%= name %>").result_with_hash(name: params[:name])
    # ok: rb.template-injection (flow: sanitized)
    render inline: TEMPLATES.fetch(params[:kind])
    # ok: rb.template-injection (flow: number-conversion)
    render inline: "<p>Page #{params[:page].to_i}</p>"
    tpl = params[:tpl]
    tpl = "<p><%= @page.title %></p>"
    # ok: rb.template-injection (flow: constant-overwrite)
    render inline: tpl
    src = params[:src]
    if false
      src = params[:other]
    else
      src = "<p>Empty</p>"
    end
    # ok: rb.template-injection (flow: dead-branch)
    render inline: src
    [html, text]
  end

  def near_misses
    # ok: rb.template-injection
    render plain: "Hello #{params[:name]}"
    # ok: rb.template-injection
    render :show, locals: { body: params[:body] }
    # ok: rb.template-injection
    Liquid::Template.parse(params[:template]).render("user" => current_user.name)
  end
end

get "/preview" do
  # ruleid: rb.template-injection (flow: direct)
  erb "<h1>#{params[:title]}</h1>"
end

get "/page" do
  # ok: rb.template-injection
  erb :page, locals: { title: params[:title] }
end
