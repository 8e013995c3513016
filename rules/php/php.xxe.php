<?php
// Fixture for php.xxe.

function parse(string $xml): void
{
    // ruleid: php.xxe
    $doc = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOENT);
    $dom = new DOMDocument();
    // ruleid: php.xxe
    $dom->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD);
    // ruleid: php.xxe
    libxml_disable_entity_loader(false);
    // ruleid: php.xxe
    $dom->substituteEntities = true;
    // ruleid: php.xxe
    $el = new SimpleXMLElement($xml, LIBXML_DTDLOAD);
    // ok: php.xxe
    $doc = simplexml_load_string($xml);
    // ok: php.xxe
    $dom->loadXML($xml, LIBXML_NONET | LIBXML_NOBLANKS);
    // ok: php.xxe
    libxml_disable_entity_loader(true);
    // ok: php.xxe
    $dom->substituteEntities = false;
    // ok: php.xxe
    $previous = libxml_disable_entity_loader(false);
}
