# Fixture for rb.xxe.
require "nokogiri"

class FeedImporter
  def parse(xml)
    # ruleid: rb.xxe
    doc = Nokogiri::XML(xml, nil, nil, Nokogiri::XML::ParseOptions::NOENT)
    # ruleid: rb.xxe
    doc = Nokogiri::XML(xml) { |config| config.strict.noent }
    # ruleid: rb.xxe
    doc = Nokogiri::XML(xml) { |config| config.dtdload.nonet }
    # ruleid: rb.xxe
    opts = Nokogiri::XML::ParseOptions.new.noent
    # ruleid: rb.xxe
    LibXML::XML.default_substitute_entities = true
    [doc, opts]
  end

  def safe(xml)
    # ok: rb.xxe
    doc = Nokogiri::XML(xml)
    # ok: rb.xxe
    doc = Nokogiri::XML(xml) { |config| config.strict.nonet }
    # ok: rb.xxe
    opts = Nokogiri::XML::ParseOptions::DEFAULT_XML & ~Nokogiri::XML::ParseOptions::NOENT
    # ok: rb.xxe
    LibXML::XML.default_substitute_entities = false
    # ok: rb.xxe
    warn "entities on" if doc.parse_options.noent?
    [doc, opts]
  end
end
