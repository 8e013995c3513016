# Fixture for rb.rexml-entity-expansion.
require "rexml/document"

# ruleid: rb.rexml-entity-expansion
REXML::Security.entity_expansion_limit = Float::INFINITY
# ruleid: rb.rexml-entity-expansion
REXML::Document.entity_expansion_limit = 100_000_000
# ruleid: rb.rexml-entity-expansion
REXML::Security.entity_expansion_text_limit = 10**9
# ok: rb.rexml-entity-expansion
REXML::Security.entity_expansion_limit = 1000
# ok: rb.rexml-entity-expansion
REXML::Security.entity_expansion_text_limit = 10_240
# ok: rb.rexml-entity-expansion
doc = REXML::Document.new(File.read("feed.xml"))
