<?php
// Fixture for php.xpath-injection: request data reaching an XPath expression, by every flow the analysis follows.

function direct(DOMDocument $doc, PDO $pdo): bool
{
    $xpath = new DOMXPath($doc);
    // ruleid: php.xpath-injection (flow: direct)
    $nodes = $xpath->query("//user[name='" . $_POST['user'] . "' and pass='" . $_POST['pass'] . "']");
    // ok: php.xpath-injection (flow: direct)
    $nodes = $xpath->query('//user[@active="1"]');
    // ok: php.xpath-injection (flow: direct)
    $rows = $pdo->query("SELECT * FROM users WHERE name = '" . $_GET['name'] . "'");
    // ok: php.xpath-injection (flow: direct)
    $nodes = $xpath->query('//user', $doc->getElementById($_GET['id']));
    return $nodes->length > 0;
}

function assignments(DOMXPath $xpath): void
{
    $id = $_GET['id'];
    $orderId = $id;
    // ruleid: php.xpath-injection (flow: assignments)
    $count = $xpath->evaluate("count(//order[@id='$orderId'])");
    $expr = "//order[@id='$orderId']/total";
    // ruleid: php.xpath-injection (flow: assignments)
    $total = $xpath->evaluate($expr);
}

function building(SimpleXMLElement $xml): void
{
    $q = '//book[';
    $q .= "author='" . filter_input(INPUT_GET, 'author') . "'";
    $q .= ']';
    // ruleid: php.xpath-injection (flow: string-building)
    $books = $xml->xpath($q);
    $conds = [];
    $conds[] = "@lang='" . $_GET['lang'] . "'";
    // ruleid: php.xpath-injection (flow: container)
    $books = $xml->xpath('//book[' . implode(' and ', $conds) . ']');
    $paths = ['all' => '//book', 'mine' => "//book[@owner='" . $_COOKIE['owner'] . "']"];
    // ok: php.xpath-injection (flow: container)
    $books = $xml->xpath($paths['all']);
    // ruleid: php.xpath-injection (flow: container)
    $books = $xml->xpath($paths['mine']);
}

function by_name($name)
{
    return "//user[@name='" . $name . "']";
}

function find_nodes(DOMXPath $xpath, $expr)
{
    // ruleid: php.xpath-injection (flow: helper-function)
    return $xpath->query($expr);
}

function helpers(DOMXPath $xpath): void
{
    // ruleid: php.xpath-injection (flow: helper-function)
    $nodes = $xpath->query(by_name($_GET['name']));
    find_nodes($xpath, '//item[@sku="' . $_POST['sku'] . '"]');
    // ok: php.xpath-injection (flow: helper-function)
    $nodes = $xpath->query(by_name('admin'));
    find_nodes($xpath, '//item');
}

class CatalogController
{
    private $sku;
    private $defaultSku;

    public function __construct(Request $request)
    {
        $this->sku = $request->query->get('sku');
        $this->defaultSku = 'A-100';
    }

    public function find()
    {
        $xml = simplexml_load_file($this->catalogPath);
        // ruleid: php.xpath-injection (flow: class-field)
        $items = $xml->xpath(sprintf('//item[@sku="%s"]', $this->sku));
        // ok: php.xpath-injection (flow: class-field)
        $items = $xml->xpath('//item[@sku="' . $this->defaultSku . '"]');
        return $items;
    }

    public function safe(Request $request, DOMXPath $xpath)
    {
        // ok: php.xpath-injection (flow: number-conversion)
        $nodes = $xpath->query('//user[@id="' . (int) $request->query->get('id') . '"]');
        // ok: php.xpath-injection (flow: number-conversion)
        $nodes = $xpath->query(sprintf('//user[@id="%d"]', $request->query->get('id')));
        $fields = ['name' => '//user/name', 'mail' => '//user/mail'];
        // ok: php.xpath-injection (flow: sanitized)
        $nodes = $xpath->query($fields[$request->query->get('field')]);
        $n = $request->query->get('n');
        $n = 'guest';
        // ok: php.xpath-injection (flow: constant-overwrite)
        $nodes = $xpath->query("//user[@name='$n']");
        $m = $request->query->get('m');
        if (false) {
            $m = $request->query->get('x');
        } else {
            $m = 'root';
        }
        // ok: php.xpath-injection (flow: dead-branch)
        return $xpath->query("//user[@name='$m']");
    }
}
