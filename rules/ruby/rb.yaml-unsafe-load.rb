# Fixture for rb.yaml-unsafe-load.
class ImportsController < ApplicationController
  def create
    # ruleid: rb.yaml-unsafe-load
    config = YAML.load(params[:config])
    # ruleid: rb.yaml-unsafe-load
    data = Psych.unsafe_load(request.body.read)
    # ruleid: rb.yaml-unsafe-load
    state = YAML.load(record.serialized_state)
    # ruleid: rb.yaml-unsafe-load
    YAML.load_stream(upload.read) { |doc| import(doc) }
    [config, data, state]
  end

  def safe
    # ok: rb.yaml-unsafe-load
    config = YAML.safe_load(params[:config])
    # ok: rb.yaml-unsafe-load
    settings = YAML.load(File.read(Rails.root.join("config", "settings.yml")))
    # ok: rb.yaml-unsafe-load
    data = YAML.load(params[:config], permitted_classes: [Date])
    # ok: rb.yaml-unsafe-load
    defaults = YAML.load("a: 1")
    # ok: rb.yaml-unsafe-load
    doc = loader.load(params[:config])
    # ok: rb.yaml-unsafe-load
    db = YAML.respond_to?(:unsafe_load) ? YAML.unsafe_load(yaml_config) : YAML.load(yaml_config)
    [config, settings, data, defaults, doc]
  end
end
