# Fixture for rb.template-injection.
require "erb"

class PagesController < ApplicationController
  def preview
    # ruleid: rb.template-injection
    html = ERB.new(params[:template]).result(binding)
    # ruleid: rb.template-injection
    render inline: params[:body]
    # ruleid: rb.template-injection
    render inline: "<h1>#{@page.title}</h1><%= @page.body %>"
    # ruleid: rb.template-injection
    mail_body = ERB.new("Dear #{user.name},\n<%= @text %>").result(binding)
    # ruleid: rb.template-injection
    Haml::Engine.new("%p " + request.body.read).render
    [html, mail_body]
  end

  def safe
    # ok: rb.template-injection
    html = ERB.new(File.read(Rails.root.join("app/templates/mail.erb"))).result(binding)
    # ok: rb.template-injection
    render inline: "<h1><%= title %></h1>", locals: { title: params[:title] }
    # ok: rb.template-injection
    text = ERB.new("Hello <%= name %>").result_with_hash(name: params[:name])
    # ok: rb.template-injection
    render plain: "Hello #{params[:name]}"
    [html, text]
  end
end
