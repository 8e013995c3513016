<?php
// Fixture for php.xpath-injection.

function login(DOMDocument $doc): bool
{
    $xpath = new DOMXPath($doc);
    // ruleid: php.xpath-injection
    $nodes = $xpath->query("//user[name='" . $_POST['user'] . "' and pass='" . $_POST['pass'] . "']");
    $id = $_GET['id'];
    // ruleid: php.xpath-injection
    $count = $xpath->evaluate("count(//order[@id='$id'])");
    // ok: php.xpath-injection
    $nodes = $xpath->query('//user[@active="1"]');
    // ok: php.xpath-injection
    $rows = $pdo->query("SELECT 1");
    // ok: php.xpath-injection
    $nodes = $xpath->query('//user[@id="' . (int) $_GET['id'] . '"]');
    return $nodes->length > 0;
}

class CatalogController
{
    public function find(Request $request)
    {
        $xml = simplexml_load_file($this->catalogPath);
        // ruleid: php.xpath-injection
        $items = $xml->xpath(sprintf('//item[@sku="%s"]', $request->query->get('sku')));
        // ok: php.xpath-injection
        $items = $xml->xpath('//item[@sku="' . $this->defaultSku . '"]');
        return $items;
    }
}
